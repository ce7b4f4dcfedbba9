// Where the current dataset's analysis is, in words: the dataset's status (000 §4) and, while a run is going, its
// stage, progress and time left. Shown by a report page whose results are not ready and by the dashboard's status
// card.
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DATASET_STATUS, formatDate, formatPercent } from '@pipewise/domain';
import { useTranslation } from 'react-i18next';
import { isRunning, useAnalyses } from '../../features/analysis/index.ts';
import { withTimeLeft } from '../../lib/time-left.ts';

/** The `datasets:status.codes.<key>` of a status code. */
export function statusCodeKey(status: number): string {
  return Object.entries(DATASET_STATUS).find(([, code]) => code === status)?.[0] ?? 'UNKNOWN';
}

interface Props {
  datasetId: number;
  /** The dataset's status code (DATASET_STATUS). */
  status: number;
  timeZone?: string;
}

export function AnalysisStatus({ datasetId, status, timeZone }: Props) {
  const { t, i18n } = useTranslation(['reports', 'datasets', 'analysis']);
  const language = i18n.language;
  const runs = useAnalyses(datasetId);
  const newest = runs.data?.[0];
  const running = isRunning(newest);
  return (
    <Stack spacing={1} sx={{ width: '100%' }} data-testid="analysis-status" data-status={status}>
      <Typography variant="body2">
        {t('status.dataset', {
          ns: 'reports',
          status: t(`status.codes.${statusCodeKey(status)}`, { ns: 'datasets' }),
        })}
      </Typography>
      {newest && (
        <Typography variant="body2" color="text.secondary" data-testid="analysis-status-stage">
          {running
            ? withTimeLeft(
                t,
                t('status.running', {
                  ns: 'reports',
                  stage: t(`stages.${newest.stage}`, { ns: 'analysis' }),
                  progress: formatPercent(newest.progress, { language, decimals: 0 }),
                }),
                newest.etaSeconds,
                language,
              )
            : t('status.finished', {
                ns: 'reports',
                stage: t(`stages.${newest.stage}`, { ns: 'analysis' }),
                date: formatDate(newest.finishedAt ?? newest.createdAt, language, {
                  timeZone,
                  withTime: true,
                }),
              })}
        </Typography>
      )}
      {running && newest && (
        <LinearProgress
          variant="determinate"
          value={newest.progress}
          aria-label={t('status.progress', { ns: 'reports' })}
        />
      )}
    </Stack>
  );
}
