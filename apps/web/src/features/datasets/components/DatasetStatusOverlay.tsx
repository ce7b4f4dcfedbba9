// The dataset status overlay (DATA-OVL-01…03): covers the map area while the current dataset's analysis is not
// ready, naming the dataset, its ID and status, with a spinner while it is being processed.
import { Box, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useCurrentSnapshot } from '../api/get-current-snapshot.ts';
import { useDatasetStatusQuery } from '../hooks/use-dataset-status-watcher.ts';
import { findStatus, isComplete, needsNewAnalysis, showsSpinner, statusKey } from '../status.ts';

export function DatasetStatusOverlay() {
  const { data: snapshot } = useCurrentSnapshot();
  const dataset = snapshot?.dataset;
  const { data: entries } = useDatasetStatusQuery(dataset?.id ?? null);
  if (!dataset) return null;
  // The status list is fresher than the snapshot (it is polled); the snapshot covers the first moments.
  const status = findStatus(entries, dataset.id)?.status ?? dataset.status;
  if (isComplete(status)) return null;
  return <StatusCard name={dataset.name} id={dataset.id} status={status} />;
}

function StatusCard({ name, id, status }: { name: string; id: number; status: number }) {
  const { t } = useTranslation('datasets');
  const spinning = showsSpinner(status);
  return (
    <Box
      data-testid="dataset-status-overlay"
      data-status={status}
      role="status"
      aria-live="polite"
      sx={{
        position: 'absolute',
        inset: 0,
        zIndex: 2,
        display: 'grid',
        placeItems: 'center',
        p: 2,
        // A light veil: the imported network stays visible behind the card while the analysis is pending.
        bgcolor: 'rgba(8, 20, 32, 0.15)',
      }}
    >
      <Paper sx={{ p: 3, maxWidth: 420, width: '100%' }} elevation={6}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          {spinning && <CircularProgress size={36} data-testid="dataset-status-spinner" aria-hidden />}
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="overline" color="text.secondary">
              {t('overlay.title')}
            </Typography>
            <Typography variant="h6" noWrap data-testid="dataset-status-name" title={name}>
              {name}
            </Typography>
            <Typography variant="body2" color="text.secondary" data-testid="dataset-status-id">
              {t('overlay.id', { id })}
            </Typography>
            <Typography variant="body1" sx={{ mt: 1, fontWeight: 600 }} data-testid="dataset-status-label">
              {t(`status.codes.${statusKey(status)}`)}
            </Typography>
            {needsNewAnalysis(status) && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {t('overlay.newAnalysis')}
              </Typography>
            )}
          </Box>
        </Stack>
      </Paper>
    </Box>
  );
}
