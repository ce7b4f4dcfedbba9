// Bulk override / restore of the selected virtual pipes (docs/api-virtual-pipes.md POST bulk): one attribute, one
// value in the user's units (diameters go over the wire in millimetres), for every selected pipe. The server queues
// one re-analysis for the batch. In phase FINALIZED the same value can be recorded as found in the field, or the
// value in use confirmed. The attribute follows the table's attribute filter (issue 38: the table showed material
// while the bar restored diameters); the view asks before every action and reports what changed.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { diameterToMm, type DiameterUnit, type VirtualAttribute } from '@pipewise/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MATERIAL_OPTIONS, materialName } from '../../details/index.ts';
import { COLUMNS, type Column } from '../columns.ts';

/** One action of the bar on the selected pipes; `text` is the value as the user typed or picked it. */
export interface BulkAction {
  kind: 'override' | 'restore' | 'verify' | 'confirm';
  column: Column;
  value?: number | undefined;
  text?: string | undefined;
  pipeIds: number[];
}

interface Props {
  selected: readonly number[];
  diameterUnit: DiameterUnit;
  pending: boolean;
  error: string | null;
  /** The table's attribute filter: the bar acts on that attribute only. */
  attribute?: VirtualAttribute | undefined;
  onAction: (action: BulkAction) => void;
  /** Phase FINALIZED: record the value found in the field, or confirm the value in use. */
  finalized: boolean;
}

/** The typed text as the wire value, or null when it is not a number. */
function wireValue(column: Column, text: string, unit: DiameterUnit): number | null {
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n)) return null;
  return column.wire === 'diameter' ? Math.round(diameterToMm(n, unit) * 10) / 10 : n;
}

export function BulkEditBar(props: Props) {
  const { selected, diameterUnit, pending, error, attribute, onAction, finalized } = props;
  const { t } = useTranslation(['virtualpipes', 'details']);
  const [chosen, setColumn] = useState<Column>(COLUMNS[0]!);
  const [text, setText] = useState('');
  // The table's filter wins: what the user sees is what the bar changes.
  const column = COLUMNS.find((c) => c.wire === attribute) ?? chosen;
  const value = wireValue(column, text, diameterUnit);
  const pipeIds = [...selected];
  const shown =
    column.wire === 'material_type_code' && text !== ''
      ? materialName(t, Number(text))
      : column.wire === 'diameter'
        ? `${text.trim()} ${diameterUnit}`
        : text.trim();
  return (
    <Stack spacing={1} sx={{ mb: 2 }} data-testid="vp-bulk-bar">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" data-testid="vp-selected-count">
          {t('bulk.selected', { count: selected.length })}
        </Typography>
        <TextField
          select
          size="small"
          label={t('bulk.attribute')}
          value={column.wire}
          disabled={attribute !== undefined}
          helperText={attribute !== undefined ? t('bulk.followsFilter') : undefined}
          onChange={(e) => {
            setColumn(COLUMNS.find((c) => c.wire === e.target.value)!);
            setText('');
          }}
          slotProps={{ htmlInput: { 'data-testid': 'vp-bulk-attribute' } }}
          sx={{ minWidth: 160 }}
        >
          {COLUMNS.map((c) => (
            <MenuItem key={c.wire} value={c.wire}>
              {t(c.labelKey, { ns: 'details' })}
            </MenuItem>
          ))}
        </TextField>
        {column.wire === 'material_type_code' ? (
          <TextField
            select
            size="small"
            label={t('bulk.value')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            sx={{ minWidth: 180 }}
            slotProps={{ htmlInput: { 'data-testid': 'vp-bulk-value' } }}
          >
            {MATERIAL_OPTIONS.map((m) => (
              <MenuItem key={m.code} value={String(m.code)}>
                {materialName(t, m.code)}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <TextField
            size="small"
            type="number"
            label={column.wire === 'diameter' ? t('bulk.valueIn', { unit: diameterUnit }) : t('bulk.value')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'vp-bulk-value' } }}
            sx={{ width: 140 }}
          />
        )}
        <Button
          variant="contained"
          disabled={pending || value === null || !pipeIds.length}
          onClick={() =>
            value !== null && onAction({ kind: 'override', column, value, text: shown, pipeIds })
          }
          data-testid="vp-bulk-override"
        >
          {t('bulk.override')}
        </Button>
        <Button
          variant="outlined"
          disabled={pending || !pipeIds.length}
          onClick={() => onAction({ kind: 'restore', column, pipeIds })}
          data-testid="vp-bulk-restore"
        >
          {t('bulk.restore')}
        </Button>
        {finalized && (
          <>
            <Button
              variant="outlined"
              color="success"
              disabled={pending || !pipeIds.length}
              onClick={() => onAction({ kind: 'confirm', column, pipeIds })}
              data-testid="vp-bulk-confirm"
            >
              {t('bulk.confirm')}
            </Button>
            <Button
              variant="outlined"
              color="success"
              disabled={pending || value === null || !pipeIds.length}
              onClick={() =>
                value !== null && onAction({ kind: 'verify', column, value, text: shown, pipeIds })
              }
              data-testid="vp-bulk-verify"
            >
              {t('bulk.verify')}
            </Button>
          </>
        )}
      </Stack>
      {error && (
        <Alert severity="error" data-testid="vp-bulk-error">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
