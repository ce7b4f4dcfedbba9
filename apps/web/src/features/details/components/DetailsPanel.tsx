// One collapsible panel of the details pane. Its content mounts only when opened, so a panel's own calls (and
// the 'no … assessment found' toasts tied to them, TOAST-09/10) happen when the user opens it.
//
// Gating decision: a panel the user's subscriptions (or the dataset) do not open stays listed, with a lock and
// a 'requires … subscription' note as its content, rather than disappearing: DET-PIPE-03 names six panels, and
// a user who cannot see why one is missing cannot ask for it.
import ExpandMore from '@mui/icons-material/ExpandMore';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { Accordion, AccordionDetails, AccordionSummary, Alert, Typography } from '@mui/material';
import type { ReactNode } from 'react';

interface Props {
  id: string;
  title: string;
  /** When set, the panel is gated: this note is its only content. */
  lockedNote?: string | null;
  defaultExpanded?: boolean;
  children: ReactNode;
}

export function DetailsPanel({ id, title, lockedNote, defaultExpanded = false, children }: Props) {
  return (
    <Accordion
      disableGutters
      defaultExpanded={defaultExpanded}
      data-testid={`details-panel-${id}`}
      slotProps={{ transition: { unmountOnExit: true } }}
    >
      <AccordionSummary
        expandIcon={<ExpandMore />}
        aria-controls={`details-panel-${id}-content`}
        id={`details-panel-${id}-header`}
        data-testid={`details-panel-${id}-toggle`}
      >
        <Typography variant="subtitle2" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {lockedNote && <LockOutlined fontSize="small" color="disabled" sx={{ mr: 1 }} />}
      </AccordionSummary>
      <AccordionDetails data-testid={`details-panel-${id}-content`}>
        {lockedNote ? (
          <Alert
            severity="info"
            icon={<LockOutlined fontSize="inherit" />}
            data-testid={`details-panel-${id}-locked`}
          >
            {lockedNote}
          </Alert>
        ) : (
          children
        )}
      </AccordionDetails>
    </Accordion>
  );
}
