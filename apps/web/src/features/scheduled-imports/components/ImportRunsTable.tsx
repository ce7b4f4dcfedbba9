// The runs of one scheduled import, newest first: when, how it was started, its outcome with the reason (held:
// why it waits; failed: the error), the change it makes, and for a held run the administrator's commit or discard.
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useDecideHeldRun } from '../api/decide-held-run.ts';
import type { ImportRun } from '../api/get-import-definitions.ts';
import { useImportRuns } from '../api/get-import-runs.ts';

const COLOR = {
  committed: 'success',
  held: 'warning',
  failed: 'error',
  discarded: 'default',
  queued: 'info',
  running: 'info',
  importing: 'info',
} as const;

export function RunStatusChip({ run }: { run: ImportRun }) {
  const { t } = useTranslation('data');
  return (
    <Chip
      size="small"
      color={COLOR[run.status]}
      label={t(`scheduled.status.${run.status}`)}
      data-testid={`scheduled-run-status-${run.id}`}
    />
  );
}

export function ImportRunsTable({ definitionId }: { definitionId: number }) {
  const { t, i18n } = useTranslation('data');
  const runs = useImportRuns(definitionId);
  const decide = useDecideHeldRun();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  if (!runs.data) return null;
  if (runs.data.length === 0) return <Typography color="text.secondary">{t('scheduled.noRuns')}</Typography>;
  return (
    <Table size="small" data-testid={`scheduled-runs-${definitionId}`}>
      <TableHead>
        <TableRow>
          <TableCell>{t('scheduled.runAt')}</TableCell>
          <TableCell>{t('scheduled.trigger')}</TableCell>
          <TableCell>{t('scheduled.outcome')}</TableCell>
          <TableCell>{t('scheduled.change')}</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {runs.data.map((run) => (
          <TableRow key={run.id}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{when.format(new Date(run.createdAt))}</TableCell>
            <TableCell>{t(`scheduled.triggers.${run.trigger}`)}</TableCell>
            <TableCell>
              <RunStatusChip run={run} />
              {run.reason && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                  {run.reason}
                </Typography>
              )}
            </TableCell>
            <TableCell>
              {run.change &&
                t('scheduled.changeText', {
                  current: run.change.current,
                  removed: run.change.removed,
                  added: run.change.added,
                  percent: run.change.removedPercent,
                })}
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {run.status === 'held' && (
                <>
                  <Button
                    size="small"
                    disabled={decide.isPending}
                    onClick={() => decide.mutate({ definitionId, runId: run.id, decision: 'commit' })}
                    data-testid={`scheduled-run-commit-${run.id}`}
                  >
                    {t('scheduled.commit')}
                  </Button>
                  <Button
                    size="small"
                    color="inherit"
                    disabled={decide.isPending}
                    onClick={() => decide.mutate({ definitionId, runId: run.id, decision: 'discard' })}
                  >
                    {t('scheduled.discard')}
                  </Button>
                </>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
