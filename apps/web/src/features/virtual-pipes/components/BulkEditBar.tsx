// Bulk override / restore of the selected virtual pipes (docs/api-virtual-pipes.md POST bulk): one attribute, one
// value in the user's units (diameters go over the wire in millimetres), for every selected pipe. The server queues
// one re-analysis for the batch. In phase FINALIZED the same value can be recorded as found in the field.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { diameterToMm, type DiameterUnit } from '@pipewise/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MATERIAL_OPTIONS, materialName } from '../../details/index.ts';
import type { BulkEdit } from '../api.ts';
import { COLUMNS, type Column } from '../columns.ts';

interface Props {
  selected: readonly number[];
  diameterUnit: DiameterUnit;
  pending: boolean;
  error: string | null;
  onSubmit: (edit: BulkEdit) => void;
  /** Phase FINALIZED: record the value as found in the field for the selected pipes. */
  onVerify?: ((v: { attribute: Column['wire']; value: number; pipeIds: number[] }) => void) | undefined;
}

/** The typed text as the wire value, or null when it is not a number. */
function wireValue(column: Column, text: string, unit: DiameterUnit): number | null {
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n)) return null;
  return column.wire === 'diameter' ? Math.round(diameterToMm(n, unit) * 10) / 10 : n;
}

export function BulkEditBar({ selected, diameterUnit, pending, error, onSubmit, onVerify }: Props) {
  const { t } = useTranslation(['virtualpipes', 'details']);
  const [column, setColumn] = useState<Column>(COLUMNS[0]!);
  const [text, setText] = useState('');
  const value = wireValue(column, text, diameterUnit);
  const pipeIds = [...selected];
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
            value !== null && onSubmit({ action: 'override', attribute: column.wire, value, pipeIds })
          }
          data-testid="vp-bulk-override"
        >
          {t('bulk.override')}
        </Button>
        <Button
          variant="outlined"
          disabled={pending || !pipeIds.length}
          onClick={() => onSubmit({ action: 'restore', attribute: column.wire, pipeIds })}
          data-testid="vp-bulk-restore"
        >
          {t('bulk.restore')}
        </Button>
        {onVerify && (
          <Button
            variant="outlined"
            color="success"
            disabled={pending || value === null || !pipeIds.length}
            onClick={() => value !== null && onVerify({ attribute: column.wire, value, pipeIds })}
            data-testid="vp-bulk-verify"
          >
            {t('bulk.verify')}
          </Button>
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
