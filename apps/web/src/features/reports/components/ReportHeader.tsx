// The head of a report, on screen and on paper: which report, of which dataset and COF scenario, at which horizon,
// when its analysis was computed and the date it is read (printed) on; then the page's actions, which do not print.
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface HeaderFact {
  id: string;
  label: string;
  value: string;
}

interface Props {
  title: string;
  facts: HeaderFact[];
  /** Controls beside Print (the horizon). */
  actions?: ReactNode;
}

export function ReportHeader({ title, facts, actions }: Props) {
  const { t } = useTranslation('reports');
  return (
    <Box
      component="header"
      sx={{ pb: 2, borderBottom: 1, borderColor: 'divider' }}
      data-testid="report-header"
    >
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-start' }, gap: 2 }}
      >
        <Typography variant="h4" component="h1" data-testid="report-title">
          {title}
        </Typography>
        <Stack
          direction="row"
          sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
          className="report-no-print"
        >
          {actions}
          <Button
            variant="outlined"
            startIcon={<PrintOutlined />}
            onClick={() => window.print()}
            data-testid="report-print"
          >
            {t('actions.print')}
          </Button>
        </Stack>
      </Stack>
      <Box
        component="dl"
        sx={{
          m: 0,
          mt: 1.5,
          display: 'grid',
          gridTemplateColumns: 'max-content 1fr',
          columnGap: 2,
          rowGap: 0.25,
          '& dt': { color: 'text.secondary' },
          '& dd': { m: 0 },
        }}
      >
        {facts.map((f) => (
          <Box key={f.id} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2">
              {f.label}
            </Typography>
            <Typography component="dd" variant="body2" data-testid={`report-fact-${f.id}`}>
              {f.value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
