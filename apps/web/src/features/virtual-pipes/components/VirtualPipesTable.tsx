// The virtual-pipes table (spec 001 §2, §9): 25 rows a page, sorted by id ascending by default, paged and sorted
// by the server. Each attribute shows the displayed value, its data origin chip (the details pane's colours) and,
// when imputed, the model's value and its likelihood (a click shows every category's: LikelihoodButton). Rows are
// selectable for a bulk edit. Every column sorts on the server, and each attribute also by the confidence of its AI
// value (issue 38); a sampled pipe is marked, and whether it is verified in the field.
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { DATA_ORIGIN, VIRTUAL_PIPES_PAGE_SIZE } from '@pipewise/domain';
import { useTranslation } from 'react-i18next';
import type { VirtualAttributeValue, VirtualPipePage, VirtualPipeRow } from '../api.ts';
import { COLUMNS, type Column } from '../columns.ts';
import { LikelihoodButton } from './LikelihoodButton.tsx';

const STATUS = {
  [DATA_ORIGIN.PROVIDED]: 'provided',
  [DATA_ORIGIN.IMPUTED]: 'imputed',
  [DATA_ORIGIN.OVERRIDDEN]: 'overridden',
} as const;
const STATUS_COLOR = {
  provided: 'default',
  imputed: 'info',
  overridden: 'error',
  unknown: 'warning',
} as const;

interface Props {
  datasetId: number;
  data: VirtualPipePage;
  orderBy: string;
  onSort: (orderBy: string) => void;
  onPage: (page: number) => void;
  selected: ReadonlySet<number>;
  /** The pipe the table was opened for (from its details): its row is marked and scrolled to. */
  focused?: number | null;
  onSelect: (ids: ReadonlySet<number>) => void;
  selectable: boolean;
  format: (column: Column, value: number | null) => string;
  formatShare: (value: number | null) => string;
}

function AttributeCell({
  id,
  datasetId,
  pipeId,
  value,
  column,
  format,
  formatShare,
}: {
  id: string;
  datasetId: number;
  pipeId: number;
  value: VirtualAttributeValue;
  column: Column;
  format: Props['format'];
  formatShare: Props['formatShare'];
}) {
  const { t } = useTranslation(['virtualpipes', 'details']);
  // No value and none estimated (too few pipes carry the attribute, issue 15): Unknown, as the details pane says,
  // not Imputed.
  const status =
    value.value === null && value.status !== DATA_ORIGIN.OVERRIDDEN
      ? 'unknown'
      : (STATUS[value.status as keyof typeof STATUS] ?? 'imputed');
  return (
    <TableCell data-testid={id}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="body2">{format(column, value.value)}</Typography>
        <Chip
          size="small"
          variant="outlined"
          color={STATUS_COLOR[status]}
          label={t(`attributes.status.${status}`, { ns: 'details' })}
          data-testid={`${id}-status`}
        />
      </Stack>
      {value.imputed !== null && value.status !== DATA_ORIGIN.PROVIDED && (
        <LikelihoodButton
          id={id}
          datasetId={datasetId}
          pipeId={pipeId}
          column={column}
          format={format}
          formatShare={formatShare}
          label={t('table.imputedValue', {
            value: format(column, value.imputed),
            likelihood: formatShare(value.likelihood),
          })}
        />
      )}
    </TableCell>
  );
}

export function VirtualPipesTable(props: Props) {
  const { datasetId, data, orderBy, onSort, onPage, selected, onSelect, selectable, format, formatShare } =
    props;
  const focusedRow = (row: HTMLTableRowElement | null) => row?.scrollIntoView?.({ block: 'center' });
  const { t } = useTranslation('virtualpipes');
  const key = orderBy.replace(/^-/, '');
  const direction = orderBy.startsWith('-') ? 'desc' : 'asc';
  const pageIds = data.virtualPipes.map((p) => p.id);
  const allSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const toggle = (ids: number[], on: boolean) => {
    const next = new Set(selected);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    onSelect(next);
  };
  const sortLabel = (sortKey: string, label: string) => (
    <TableSortLabel
      active={key === sortKey}
      direction={key === sortKey ? direction : 'asc'}
      onClick={() => onSort(key === sortKey && direction === 'asc' ? `-${sortKey}` : sortKey)}
      data-testid={`sort-${sortKey}`}
    >
      {label}
    </TableSortLabel>
  );
  const cells = (p: VirtualPipeRow) =>
    COLUMNS.map((c) => (
      <AttributeCell
        key={c.wire}
        id={`vp-${p.id}-${c.wire}`}
        datasetId={datasetId}
        pipeId={p.id}
        value={p[c.row]}
        column={c}
        format={format}
        formatShare={formatShare}
      />
    ));
  return (
    <>
      <Table size="small" data-testid="virtual-pipes-table">
        <TableHead>
          <TableRow>
            {selectable && (
              <TableCell padding="checkbox">
                <Checkbox
                  checked={allSelected}
                  indeterminate={!allSelected && pageIds.some((id) => selected.has(id))}
                  onChange={(e) => toggle(pageIds, e.target.checked)}
                  slotProps={{
                    input: { 'aria-label': t('table.selectPage'), 'data-testid': 'vp-select-page' } as object,
                  }}
                />
              </TableCell>
            )}
            <TableCell>{sortLabel('id', t('table.id'))}</TableCell>
            <TableCell>{sortLabel('native_pipe_id', t('table.nativeId'))}</TableCell>
            <TableCell>{sortLabel('address', t('table.address'))}</TableCell>
            {COLUMNS.map((c) => (
              <TableCell key={c.wire}>
                <Stack>
                  {sortLabel(c.wire, t(c.labelKey, { ns: 'details' }))}
                  <Typography variant="caption" component="span" color="text.secondary">
                    {sortLabel(`${c.wire}_likelihood`, t('table.confidence'))}
                  </Typography>
                </Stack>
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {data.virtualPipes.map((p) => (
            <TableRow
              key={p.id}
              hover
              selected={selected.has(p.id)}
              data-testid={`vp-row-${p.id}`}
              {...(p.id === props.focused && {
                ref: focusedRow,
                'aria-current': 'true' as const,
                sx: { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
              })}
            >
              {selectable && (
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={selected.has(p.id)}
                    onChange={(e) => toggle([p.id], e.target.checked)}
                    slotProps={{
                      input: {
                        'aria-label': t('table.select', { id: p.nativePipeId }),
                        'data-testid': `vp-select-${p.id}`,
                      } as object,
                    }}
                  />
                </TableCell>
              )}
              <TableCell>{p.id}</TableCell>
              <TableCell>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <span>{p.nativePipeId}</span>
                  {p.sampled && (
                    <Chip
                      size="small"
                      color={p.verified ? 'success' : 'warning'}
                      variant={p.verified ? 'filled' : 'outlined'}
                      label={p.verified ? t('table.sampleVerified') : t('table.sampleUnverified')}
                      data-testid={`vp-${p.id}-sample`}
                    />
                  )}
                </Stack>
              </TableCell>
              <TableCell data-testid={`vp-${p.id}-address`}>{p.address ?? ''}</TableCell>
              {cells(p)}
            </TableRow>
          ))}
          {data.virtualPipes.length === 0 && (
            <TableRow>
              <TableCell colSpan={selectable ? 7 : 6} data-testid="vp-empty">
                {t('table.empty')}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
      <TablePagination
        component="div"
        count={data.total}
        page={data.page - 1}
        rowsPerPage={VIRTUAL_PIPES_PAGE_SIZE}
        rowsPerPageOptions={[VIRTUAL_PIPES_PAGE_SIZE]}
        onPageChange={(_, page) => onPage(page + 1)}
        data-testid="vp-pagination"
      />
    </>
  );
}
