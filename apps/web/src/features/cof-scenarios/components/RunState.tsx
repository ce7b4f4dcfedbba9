// Where a scenario's figures stand on the group's datasets (lib/run-state.ts): current, re-running with a progress
// bar, out of date (in use, but the served results predate it) or not applied (not in use).
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { summarizeRuns } from '../lib/run-state.ts';
import type { CofRunState } from '../types.ts';

export function RunState({ runs, enabled }: { runs: readonly CofRunState[]; enabled: boolean }) {
  const { t } = useTranslation('cof');
  const summary = summarizeRuns(runs);
  if (summary.state === 'running') {
    const stage = summary.stage ? t(`stages.${summary.stage}`, { defaultValue: summary.stage }) : null;
    const label =
      summary.progress === null
        ? t('run.running')
        : t('run.runningProgress', { progress: Math.round(summary.progress) });
    return (
      <Box sx={{ minWidth: 180 }} data-testid="run-state" data-state="running">
        <Typography variant="caption" component="div">
          {stage ? `${label} · ${stage}` : label}
        </Typography>
        <LinearProgress
          variant={summary.progress === null ? 'indeterminate' : 'determinate'}
          value={summary.progress ?? 0}
          aria-label={label}
        />
      </Box>
    );
  }
  const chip = {
    current: { label: t('run.current'), color: 'success' as const },
    stale: enabled
      ? { label: t('run.stale'), color: 'warning' as const }
      : { label: t('run.notApplied'), color: 'default' as const },
    none: { label: t('run.none'), color: 'default' as const },
  }[summary.state];
  return (
    <Chip
      size="small"
      variant="outlined"
      color={chip.color}
      label={chip.label}
      data-testid="run-state"
      data-state={summary.state}
    />
  );
}
