// The export files, 25 a page from the server (IO-EXP-01..04): title, kind, format, who, when, and a download
// button once the file is ready (the status while the job runs, the reason when it failed). Its maker or an
// administrator may delete a file (after a confirmation naming it); the server keeps files 30 days.
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import MailOutline from '@mui/icons-material/MailOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  EXPORTS_PAGE_SIZE,
  hasRole,
  PERMISSION_GROUP,
  TOAST_MS,
  type ExportItem,
  type ExportList,
} from '@pipewise/domain';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/confirm-dialog/index.ts';
import { toast } from '../../../components/toast/index.ts';
import { reportError } from '../../../lib/report-error.ts';
import { useCurrentUser } from '../../session/index.ts';
import { downloadExport, emailExport, useDeleteExport } from '../api/exports.ts';

export interface ExportsTableProps {
  list: ExportList | undefined;
  page: number;
  onPage: (page: number) => void;
}

function Status({ item }: { item: ExportItem }) {
  const { t } = useTranslation('data');
  if (item.status === 'ready') {
    const download = () =>
      downloadExport(item.id).catch((err: unknown) => {
        reportError('Export download failed', err);
        toast.show({ text: t('exports.downloadFailed'), color: 'error', timer: TOAST_MS.long });
      });
    // §8: success names the recipient (5 s), failure says so (5 s).
    const mail = () =>
      emailExport(item.id).then(
        ({ email }) =>
          toast.show({ text: t('exports.sendSuccess', { email }), color: 'success', timer: TOAST_MS.long }),
        (err: unknown) => {
          reportError('Export by e-mail failed', err);
          toast.show({ text: t('exports.sendFailure'), color: 'error', timer: TOAST_MS.long });
        },
      );
    return (
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <Button
          size="small"
          startIcon={<FileDownloadOutlined />}
          onClick={() => void download()}
          data-testid={`export-download-${item.id}`}
        >
          {t(`exports.formats.${item.format}`)}
        </Button>
        <Tooltip title={t('exports.email')}>
          <IconButton
            size="small"
            aria-label={t('exports.email')}
            onClick={() => void mail()}
            data-testid={`export-email-${item.id}`}
          >
            <MailOutline fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
    );
  }
  const chip = (
    <Chip
      size="small"
      color={item.status === 'failed' ? 'error' : 'default'}
      label={t(`exports.status.${item.status}`)}
      data-testid={`export-status-${item.id}`}
    />
  );
  return item.message ? <Tooltip title={item.message}>{chip}</Tooltip> : chip;
}

/** The bin of a row the caller may delete: its maker, or an administrator; not the read-only demo account. */
function DeleteButton({ item }: { item: ExportItem }) {
  const { t } = useTranslation('data');
  const { data: me } = useCurrentUser();
  const confirm = useConfirm();
  const remove = useDeleteExport();
  const mine = me !== undefined && item.user?.id === me.id;
  const admin = me !== undefined && hasRole(me.permissionGroupTypeCode, PERMISSION_GROUP.ADMINISTRATOR);
  if (!me || me.isDemo || !(mine || admin)) return null;
  const onDelete = async () => {
    const ok = await confirm({
      title: t('exports.deleteTitle'),
      description: t('exports.deleteText', {
        title: item.title,
        format: t(`exports.formats.${item.format}`),
      }),
      action: t('exports.delete'),
      cancel: t('exports.cancel'),
    });
    if (!ok) return;
    remove.mutate(item.id, {
      onSuccess: () => toast.show({ text: t('exports.deleted'), color: 'success', timer: TOAST_MS.short }),
      onError: (err: unknown) => {
        reportError('Export delete failed', err);
        toast.show({ text: t('exports.deleteFailed'), color: 'error', timer: TOAST_MS.long });
      },
    });
  };
  return (
    <Tooltip title={t('exports.delete')}>
      <IconButton
        size="small"
        aria-label={t('exports.delete')}
        onClick={() => void onDelete()}
        data-testid={`export-delete-${item.id}`}
      >
        <DeleteOutline fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

export function ExportsTable({ list, page, onPage }: ExportsTableProps) {
  const { t, i18n } = useTranslation('data');
  if (list && list.totalCount === 0)
    return (
      <Typography color="text.secondary" data-testid="exports-empty">
        {t('exports.empty')}
      </Typography>
    );
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <>
      <Table size="small" data-testid="exports-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('exports.title')}</TableCell>
            <TableCell>{t('exports.kind')}</TableCell>
            <TableCell>{t('exports.who')}</TableCell>
            <TableCell>{t('exports.when')}</TableCell>
            <TableCell>{t('exports.file')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(list?.items ?? []).map((item) => (
            <TableRow key={item.id} data-testid={`export-row-${item.id}`}>
              <TableCell>{item.title}</TableCell>
              <TableCell>{t(`exports.kinds.${item.kind}`)}</TableCell>
              <TableCell>{item.user?.name ?? '—'}</TableCell>
              <TableCell>{when.format(new Date(item.createdAt))}</TableCell>
              <TableCell>
                <Stack direction="row" sx={{ alignItems: 'center' }}>
                  <Status item={item} />
                  <DeleteButton item={item} />
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {list && list.totalCount > EXPORTS_PAGE_SIZE && (
        <TablePagination
          component="div"
          count={list.totalCount}
          page={page}
          rowsPerPage={EXPORTS_PAGE_SIZE}
          rowsPerPageOptions={[EXPORTS_PAGE_SIZE]}
          onPageChange={(_, next) => onPage(next)}
        />
      )}
    </>
  );
}

export function ExportsError({ error }: { error: Error }) {
  return <Alert severity="error">{error.message}</Alert>;
}
