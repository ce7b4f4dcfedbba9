// Scheduled imports (issue 42): the client's import definitions with their source, schedule (in its time zone),
// next run and last outcome; each can be run now, switched off or deleted, and opened on its runs. For those who
// may import (administrators) only, as the server decides too.
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/confirm-dialog/index.ts';
import { useDeleteImportDefinition } from '../api/delete-import-definition.ts';
import { useImportDefinitions, type ImportDefinition } from '../api/get-import-definitions.ts';
import { useRunImportDefinition } from '../api/run-import-definition.ts';
import { useUpdateImportDefinition } from '../api/update-import-definition.ts';
import { ImportRunsTable, RunStatusChip } from './ImportRunsTable.tsx';
import { NewScheduledImportDialog } from './NewScheduledImportDialog.tsx';

function SourceText({ d }: { d: ImportDefinition }) {
  const { t } = useTranslation('data');
  if (d.source.type === 'upload') return <>{t('scheduled.sourceUpload')}</>;
  return (
    <>
      {t(`scheduled.formats.${d.source.format}`)}
      <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
        {d.source.url.split('?')[0]}
      </Typography>
    </>
  );
}

export function ScheduledImportsSection() {
  const { t, i18n } = useTranslation('data');
  const definitions = useImportDefinitions();
  const run = useRunImportDefinition();
  const update = useUpdateImportDefinition();
  const remove = useDeleteImportDefinition();
  const confirm = useConfirm();
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const failure = run.error ?? update.error ?? remove.error;

  const onDelete = async (d: ImportDefinition) => {
    const ok = await confirm({
      title: t('scheduled.deleteTitle', { name: d.name }),
      description: t('scheduled.deleteText'),
      action: t('scheduled.delete'),
      cancel: t('scheduled.cancel'),
    });
    if (ok) remove.mutate(d.id);
  };

  return (
    <div data-testid="scheduled-imports">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="h6" component="h2">
          {t('scheduled.title')}
        </Typography>
        <Button variant="outlined" onClick={() => setCreating(true)} data-testid="scheduled-import-new">
          {t('scheduled.new')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('scheduled.intro')}
      </Typography>
      {definitions.isError && <Alert severity="error">{definitions.error.message}</Alert>}
      {failure && <Alert severity="error">{failure.message}</Alert>}
      {definitions.data?.length === 0 && (
        <Typography color="text.secondary">{t('scheduled.empty')}</Typography>
      )}
      {!!definitions.data?.length && (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('scheduled.name')}</TableCell>
              <TableCell>{t('scheduled.network')}</TableCell>
              <TableCell>{t('scheduled.source')}</TableCell>
              <TableCell>{t('scheduled.schedule')}</TableCell>
              <TableCell>{t('scheduled.lastRun')}</TableCell>
              <TableCell>{t('scheduled.enabled')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {definitions.data.map((d) => (
              <Fragment key={d.id}>
                <TableRow data-testid={`scheduled-import-${d.id}`} hover>
                  <TableCell>
                    <Button size="small" onClick={() => setOpen(open === d.id ? null : d.id)}>
                      {d.name}
                    </Button>
                  </TableCell>
                  <TableCell>{d.snapshotGroupName}</TableCell>
                  <TableCell>
                    <SourceText d={d} />
                  </TableCell>
                  <TableCell>
                    {d.schedule ? (
                      <>
                        <code>{d.schedule}</code> ({d.timeZone})
                        {d.nextRunAt && (
                          <Typography variant="body2" color="text.secondary">
                            {t('scheduled.nextRun', { when: when.format(new Date(d.nextRunAt)) })}
                          </Typography>
                        )}
                      </>
                    ) : (
                      t(d.source.type === 'upload' ? 'scheduled.onUpload' : 'scheduled.byHand')
                    )}
                  </TableCell>
                  <TableCell>{d.lastRun ? <RunStatusChip run={d.lastRun} /> : '—'}</TableCell>
                  <TableCell>
                    <Switch
                      checked={d.enabled}
                      onChange={(e) => update.mutate({ id: d.id, patch: { enabled: e.target.checked } })}
                      slotProps={{ input: { 'aria-label': t('scheduled.enabled') } }}
                    />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Button
                      size="small"
                      disabled={run.isPending}
                      onClick={() => run.mutate(d.id, { onSuccess: () => setOpen(d.id) })}
                      data-testid={`scheduled-import-run-${d.id}`}
                    >
                      {t('scheduled.runNow')}
                    </Button>
                    <Tooltip title={t('scheduled.delete')}>
                      <IconButton
                        size="small"
                        onClick={() => void onDelete(d)}
                        aria-label={t('scheduled.delete')}
                      >
                        <DeleteOutline fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
                <TableRow>
                  <TableCell colSpan={7} sx={{ py: 0, borderBottom: open === d.id ? undefined : 'none' }}>
                    <Collapse in={open === d.id} unmountOnExit>
                      <ImportRunsTable definitionId={d.id} />
                    </Collapse>
                  </TableCell>
                </TableRow>
              </Fragment>
            ))}
          </TableBody>
        </Table>
      )}
      {creating && <NewScheduledImportDialog open onClose={() => setCreating(false)} />}
    </div>
  );
}
