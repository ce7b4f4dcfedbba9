// The details pane beside the map (spec 000 §2; 25em wide, §9): the selected pipe, VIS segment, mesh, district
// or custom zone, with 'Assets 1..n' tabs when a search matched several (SRCH-08). Closing it asks the parent to
// clear the selection (SEL-03).
import Close from '@mui/icons-material/Close';
import { Box, IconButton, Paper, Tab, Tabs, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { isAreaKind, type DetailsSelection } from '../types.ts';
import { AreaDetails } from './AreaDetails.tsx';
import { PipeDetails } from './pipe/PipeDetails.tsx';
import { VisDetails } from './VisDetails.tsx';

export const DETAILS_PANE_WIDTH = '25em';

export interface DetailsTab {
  id: number | string;
  label: string;
}

export interface DetailsPaneProps {
  datasetId: number;
  /** The dataset's origin (Dataset.origin): the COF panel needs 1 (spec 000 §6). */
  datasetOrigin?: number | null;
  /** Where the dataset's LOF comes from (Dataset.lof_source): a prior is labelled in the LOF panel (issue 39). */
  lofSource?: 'utility' | 'prior' | null;
  selection: DetailsSelection | null;
  /** Search matches as tabs 'Assets 1..n' (SRCH-08); the active one is the tab whose id is the selection's. */
  tabs?: DetailsTab[];
  onSelectTab?: (id: number | string) => void;
  onClose: () => void;
  onFlyTo?: (center: [number, number], zoom: number) => void;
  /** A pipe in a VIS segment's list was clicked. */
  onSelectPipe?: (pipeId: number) => void;
  /** A pipe edit was saved: the parent refreshes the tiles. */
  onSaved?: () => void;
  /** In the planner's dock (routes/map/PaneDock.tsx): the dock's width, not the pane's own. */
  docked?: boolean;
}

export function DetailsPane(props: DetailsPaneProps) {
  const { selection, tabs, onSelectTab, onClose } = props;
  const { t } = useTranslation('details');
  if (!selection) return null;
  const activeTab = tabs?.find((tab) => String(tab.id) === String(selection.id));
  return (
    <Paper
      square
      elevation={2}
      data-testid="details-pane"
      sx={{
        width: props.docked ? '100%' : DETAILS_PANE_WIDTH,
        maxWidth: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <Box
        sx={{ display: 'flex', alignItems: 'center', borderBottom: 1, borderColor: 'divider', minHeight: 48 }}
      >
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          {tabs && tabs.length > 1 && (
            <Tabs
              value={activeTab ? String(activeTab.id) : false}
              onChange={(_event, value: string) => {
                const tab = tabs.find((candidate) => String(candidate.id) === value);
                if (tab) onSelectTab?.(tab.id);
              }}
              variant="scrollable"
              scrollButtons="auto"
              aria-label={t('pane.tabs')}
              data-testid="details-tabs"
            >
              {tabs.map((tab) => (
                <Tab
                  key={String(tab.id)}
                  value={String(tab.id)}
                  label={tab.label}
                  data-testid="details-tab"
                />
              ))}
            </Tabs>
          )}
        </Box>
        <Tooltip title={t('pane.close')}>
          <IconButton
            aria-label={t('pane.close')}
            onClick={onClose}
            data-testid="details-close"
            sx={{ mx: 0.5 }}
          >
            <Close />
          </IconButton>
        </Tooltip>
      </Box>
      <Box sx={{ flexGrow: 1, overflowY: 'auto' }}>
        <SelectionDetails {...props} selection={selection} />
      </Box>
    </Paper>
  );
}

function SelectionDetails(props: DetailsPaneProps & { selection: DetailsSelection }) {
  const { datasetId, datasetOrigin, lofSource, selection, onFlyTo, onSelectPipe, onSaved } = props;
  const { layerGroup, id } = selection;
  // Keyed by the selection so one asset's panel state (open panels, pending switch) never leaks to the next.
  const key = `${layerGroup}:${id}`;
  if (layerGroup === 'pipes') {
    return (
      <PipeDetails
        key={key}
        datasetId={datasetId}
        pipeId={Number(id)}
        datasetOrigin={datasetOrigin}
        lofSource={lofSource}
        onFlyTo={onFlyTo}
        onSaved={onSaved}
      />
    );
  }
  if (layerGroup === 'vis') {
    return (
      <VisDetails
        key={key}
        datasetId={datasetId}
        segmentId={Number(id)}
        onSelectPipe={onSelectPipe}
        onFlyTo={onFlyTo}
      />
    );
  }
  if (isAreaKind(layerGroup)) {
    return (
      <AreaDetails
        key={key}
        datasetId={datasetId}
        kind={layerGroup}
        nativeId={String(id)}
        onFlyTo={onFlyTo}
      />
    );
  }
  return null;
}
