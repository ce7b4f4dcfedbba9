// The dataset status overlay (DATA-OVL-01…03): covers the map area while the current dataset's analysis is not
// ready, naming the dataset, its ID and status, with a spinner while it is being processed, the analysis stage, its
// progress and the time left (issue 15), and (through `action`, composed by the route) what the user can do about it.
import { Box, CircularProgress, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { queueText, withTimeLeft } from '../../../lib/time-left.ts';
import { useCurrentSnapshot } from '../api/get-current-snapshot.ts';
import { useDatasetStatusQuery } from '../hooks/use-dataset-status-watcher.ts';
import { findStatus, isComplete, needsNewAnalysis, showsSpinner, statusKey } from '../status.ts';

interface Props {
  /** E.g. the analysis feature's "Run analysis" for a dataset that needs one. */
  action?: (datasetId: number, status: number) => ReactNode;
}

export function DatasetStatusOverlay({ action }: Props = {}) {
  const { data: snapshot } = useCurrentSnapshot();
  const dataset = snapshot?.dataset;
  const { data: entries } = useDatasetStatusQuery(dataset?.id ?? null);
  if (!dataset) return null;
  // The status list is fresher than the snapshot (it is polled); the snapshot covers the first moments.
  const entry = findStatus(entries, dataset.id);
  const status = entry?.status ?? dataset.status;
  if (isComplete(status)) return null;
  return (
    <StatusCard
      name={dataset.name}
      id={dataset.id}
      status={status}
      stage={entry?.analysisStage ?? null}
      progress={entry?.analysisProgress ?? null}
      etaSeconds={entry?.analysisEtaSeconds ?? null}
      queue={
        entry?.analysisQueuePosition != null
          ? { position: entry.analysisQueuePosition, waitSeconds: entry.analysisQueueWaitSeconds ?? null }
          : null
      }
      failure={entry?.analysisStage === 'failed' ? (entry.analysisError ?? null) : null}
      action={action?.(dataset.id, status)}
    />
  );
}

interface CardProps {
  name: string;
  id: number;
  status: number;
  stage: string | null;
  progress: number | null;
  /** Seconds the run has left, once its pace says enough (the server's estimate). */
  etaSeconds: number | null;
  /** While the run waits to start: its place in the queue and the seconds until it starts (issue 18). */
  queue: { position: number; waitSeconds: number | null } | null;
  /** Why the newest run failed (the server's words: failure.ts), so the user knows what a new run would meet. */
  failure: string | null;
  action: ReactNode;
}

function StatusCard({ name, id, status, stage, progress, etaSeconds, queue, failure, action }: CardProps) {
  const { t, i18n } = useTranslation('datasets');
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
            {stage === 'queued' && queue && (
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{ mt: 1 }}
                data-testid="dataset-status-queue"
              >
                {queueText(t, queue.position, queue.waitSeconds, i18n.language)}
              </Typography>
            )}
            {spinning && stage && stage !== 'queued' && progress !== null && (
              <Box sx={{ mt: 1 }}>
                <Typography variant="body2" color="text.secondary" data-testid="dataset-status-stage">
                  {withTimeLeft(
                    t,
                    t('overlay.stage', {
                      stage: t(`overlay.stages.${stage}`, { defaultValue: stage }),
                      progress: Math.round(progress),
                    }),
                    etaSeconds,
                    i18n.language,
                  )}
                </Typography>
                <LinearProgress variant="determinate" value={progress} sx={{ mt: 0.5 }} aria-hidden />
              </Box>
            )}
            {needsNewAnalysis(status) && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {t('overlay.newAnalysis')}
              </Typography>
            )}
            {failure && (
              <Typography
                variant="body2"
                color="error"
                sx={{ mt: 0.5, overflowWrap: 'anywhere' }}
                data-testid="dataset-status-failure"
              >
                {t('overlay.failed', { reason: failure })}
              </Typography>
            )}
            {action && <Box sx={{ mt: 1.5 }}>{action}</Box>}
          </Box>
        </Stack>
      </Paper>
    </Box>
  );
}
