// The imputed value of one attribute and, on a click, the model's likelihood of every category it weighed (VP-03:
// "a likelihood map per category"): a field crew deciding what to verify sees whether the runner-up was close.
// The map is asked of the server only when opened (GET …/virtual_pipes/{pipeId}).
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Popover from '@mui/material/Popover';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVirtualPipeDetail } from '../api.ts';
import type { Column } from '../columns.ts';

/** The categories shown, most likely first; the rest are summed in one line. */
const SHOWN = 6;

interface Props {
  id: string;
  datasetId: number;
  pipeId: number;
  column: Column;
  label: string;
  format: (column: Column, value: number | null) => string;
  formatShare: (value: number | null) => string;
}

export function LikelihoodButton({ id, datasetId, pipeId, column, label, format, formatShare }: Props) {
  const { t } = useTranslation('virtualpipes');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const detail = useVirtualPipeDetail(datasetId, pipeId, anchor !== null);
  const map = detail.data?.likelihoods[column.row] ?? null;
  const ranked = map
    ? Object.entries(map)
        .map(([category, p]) => ({ category: Number(category), p }))
        .sort((a, b) => b.p - a.p)
    : [];
  const rest = ranked.slice(SHOWN).reduce((s, r) => s + r.p, 0);
  return (
    <>
      <Button
        size="small"
        variant="text"
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ p: 0, minWidth: 0, textTransform: 'none', typography: 'caption', color: 'text.secondary' }}
        data-testid={`${id}-imputed`}
        aria-haspopup="dialog"
      >
        {label}
      </Button>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { sx: { p: 1.5, maxWidth: 320 }, 'data-testid': `${id}-likelihoods` } as object }}
      >
        <Typography variant="subtitle2">{t('likelihoods.title')}</Typography>
        {detail.isPending && <CircularProgress size={20} sx={{ m: 1 }} />}
        {detail.isError && (
          <Typography variant="body2" color="error">
            {t('likelihoods.failed')}
          </Typography>
        )}
        {detail.isSuccess && ranked.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('likelihoods.none')}
          </Typography>
        )}
        {ranked.length > 0 && (
          <Table size="small">
            <TableBody>
              {ranked.slice(0, SHOWN).map((r) => (
                <TableRow key={r.category} data-testid={`${id}-likelihood-${r.category}`}>
                  <TableCell sx={{ pl: 0 }}>{format(column, r.category)}</TableCell>
                  <TableCell align="right" sx={{ pr: 0 }}>
                    {formatShare(r.p)}
                  </TableCell>
                </TableRow>
              ))}
              {rest > 0 && (
                <TableRow>
                  <TableCell sx={{ pl: 0 }}>
                    {t('likelihoods.others', { count: ranked.length - SHOWN })}
                  </TableCell>
                  <TableCell align="right" sx={{ pr: 0 }}>
                    {formatShare(rest)}
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        )}
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {t('likelihoods.caption')}
        </Typography>
      </Popover>
    </>
  );
}
