// The dataset's analysis runs: stage, progress and time left, why it ran, how long each stage took, and a failure's
// reason. Consecutive cancelled runs read as one line that counts the others (issue 38: the card filled with them).
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatNumber, formatPercent } from '@pipewise/domain';
import { useTranslation } from 'react-i18next';
import { queueText, withTimeLeft } from '../../../lib/time-left.ts';
import { useDisplayFormat } from '../../imports/index.ts';
import { isRunning, type AnalysisRunView } from '../api/get-analyses.ts';

const STAGE_ORDER = ['preprocess', 'lof', 'cof', 'tiling'];

/** The runs, newest first, each cancelled run standing for the cancelled runs right after it (`more`). */
export function collapseCancelled(
  runs: readonly AnalysisRunView[],
): { run: AnalysisRunView; more: number }[] {
  const out: { run: AnalysisRunView; more: number }[] = [];
  for (const run of runs) {
    const last = out.at(-1);
    if (last && run.stage === 'cancelled' && last.run.stage === 'cancelled') last.more += 1;
    else out.push({ run, more: 0 });
  }
  return out;
}

export function AnalysisRuns({ runs }: { runs: AnalysisRunView[] }) {
  const { t, i18n } = useTranslation('analysis');
  const format = useDisplayFormat();
  if (runs.length === 0) return <Typography color="text.secondary">{t('runs.none')}</Typography>;
  return (
    <Stack spacing={1.5} data-testid="analysis-runs">
      {collapseCancelled(runs)
        .slice(0, 5)
        .map(({ run, more }) => (
          <div key={run.id} data-testid={`analysis-run-${run.id}`} data-stage={run.stage}>
            <Typography variant="body2">
              <strong>{t(`stages.${run.stage}`)}</strong>
              {run.served && ` · ${t('runs.served')}`} · {t(`reasons.${run.reason}`)} ·{' '}
              {format.date(run.finishedAt ?? run.startedAt ?? run.createdAt)}
              {more > 0 && ` · ${t('runs.moreCancelled', { count: more })}`}
            </Typography>
            {isRunning(run) && (
              <>
                <LinearProgress
                  variant="determinate"
                  value={run.progress}
                  aria-label={t(`stages.${run.stage}`)}
                />
                <Typography
                  variant="caption"
                  component="div"
                  color="text.secondary"
                  data-testid="analysis-run-progress"
                >
                  {(run.stage === 'queued' &&
                    queueText(t, run.queuePosition, run.queueWaitSeconds, i18n.language)) ||
                    withTimeLeft(
                      t,
                      t('runs.progress', {
                        progress: formatPercent(run.progress, { language: i18n.language, decimals: 0 }),
                      }),
                      run.etaSeconds,
                      i18n.language,
                    )}
                </Typography>
              </>
            )}
            {Object.keys(run.timings).length > 0 && (
              <Typography variant="caption" color="text.secondary">
                {Object.entries(run.timings)
                  .sort(([a], [b]) => STAGE_ORDER.indexOf(a) - STAGE_ORDER.indexOf(b))
                  .map(
                    ([stage, s]) =>
                      `${t(`stages.${stage}`)} ${formatNumber(s, i18n.language, { decimals: 1 })} s`,
                  )
                  .join(' · ')}
              </Typography>
            )}
            {run.error && run.stage === 'failed' && (
              <Alert severity="error" sx={{ mt: 0.5 }}>
                {run.error}
              </Alert>
            )}
          </div>
        ))}
    </Stack>
  );
}
