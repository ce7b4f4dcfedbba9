// One import of the list: what was imported, by whom, when, how it ended, and its archive action.
import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined';
import UnarchiveOutlined from '@mui/icons-material/UnarchiveOutlined';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ImportItem } from '../api/get-imports.ts';
import { useDisplayFormat } from '../hooks/use-display-format.ts';

const RESULT_COLOR = { queued: 'default', running: 'info', succeeded: 'success', failed: 'error' } as const;

interface Props {
  item: ImportItem;
  canArchive: boolean;
  busy: boolean;
  onArchive: (archive: boolean) => void;
}

export function ImportRow({ item, canArchive, busy, onArchive }: Props) {
  const { t } = useTranslation('data');
  const format = useDisplayFormat();
  const action = item.archive ? 'unarchive' : 'archive';
  return (
    <TableRow
      data-testid={`import-row-${item.id}`}
      data-archived={item.archive}
      sx={item.archive ? { opacity: 0.6 } : undefined}
    >
      <TableCell>
        {t(`type.${item.type}`)}
        {item.assetLayer && ` · ${t(`assetLayer.${item.assetLayer}`)}`}
      </TableCell>
      <TableCell>{item.fileName}</TableCell>
      <TableCell align="right">
        {format.number(item.rows)}
        {item.skipped ? ` (${t('imports.skipped', { rows: format.number(item.skipped) })})` : ''}
      </TableCell>
      <TableCell>{item.createdBy}</TableCell>
      <TableCell>{format.date(item.createdAt)}</TableCell>
      <TableCell>
        <Chip size="small" color={RESULT_COLOR[item.status]} label={t(`result.${item.status}`)} />
        {item.archive && (
          <Chip size="small" variant="outlined" label={t('imports.archived')} sx={{ ml: 1 }} />
        )}
        {item.status === 'failed' && item.message && (
          <Typography variant="caption" color="error" component="div">
            {item.message}
          </Typography>
        )}
      </TableCell>
      <TableCell align="right">
        {canArchive && (
          <Tooltip title={t(`imports.${action}`)}>
            <span>
              <IconButton
                size="small"
                disabled={busy}
                aria-label={t(`imports.${action}`)}
                onClick={() => onArchive(!item.archive)}
                data-testid={`import-${action}-${item.id}`}
              >
                {item.archive ? <UnarchiveOutlined fontSize="small" /> : <ArchiveOutlined fontSize="small" />}
              </IconButton>
            </span>
          </Tooltip>
        )}
      </TableCell>
    </TableRow>
  );
}
