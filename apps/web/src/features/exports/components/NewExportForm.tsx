// 'New export': a kind and a format for the current dataset; kinds the server cannot make for this user are
// shown disabled (the list's availability), so nobody asks for a file that would be refused.
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  EXPORT_FORMATS,
  EXPORT_KINDS,
  TOAST_MS,
  type ExportAvailability,
  type ExportFormat,
  type ExportKind,
} from '@pipewise/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/toast/index.ts';
import { reportError } from '../../../lib/report-error.ts';
import { useCreateExport } from '../api/exports.ts';

export interface NewExportFormProps {
  datasetId: number | null;
  availability: ExportAvailability | undefined;
}

export function NewExportForm({ datasetId, availability }: NewExportFormProps) {
  const { t } = useTranslation('data');
  const [kind, setKind] = useState<ExportKind>('lof');
  const [format, setFormat] = useState<ExportFormat>('gpkg');
  const create = useCreateExport();
  const allowed = availability?.[kind]?.[format] ?? false;

  const submit = async () => {
    if (datasetId === null) return;
    try {
      await create.mutateAsync({ datasetId, body: { kind, format } });
      toast.show({ text: t('exports.started'), color: 'success', timer: TOAST_MS.long });
    } catch (err) {
      reportError('Export request failed', err);
      toast.show({ text: t('exports.failed'), color: 'error', timer: TOAST_MS.long });
    }
  };

  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} data-testid="new-export">
      <TextField
        select
        size="small"
        label={t('exports.kind')}
        value={kind}
        onChange={(e) => setKind(e.target.value as ExportKind)}
        sx={{ minWidth: 220 }}
        slotProps={{ htmlInput: { 'data-testid': 'new-export-kind' } }}
      >
        {EXPORT_KINDS.map((k) => (
          <MenuItem key={k} value={k} disabled={!availability?.[k]?.[format]}>
            {t(`exports.kinds.${k}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('exports.format')}
        value={format}
        onChange={(e) => setFormat(e.target.value as ExportFormat)}
        sx={{ minWidth: 200 }}
        slotProps={{ htmlInput: { 'data-testid': 'new-export-format' } }}
      >
        {EXPORT_FORMATS.map((f) => (
          <MenuItem key={f} value={f}>
            {t(`exports.formats.${f}`)}
          </MenuItem>
        ))}
      </TextField>
      <Button
        variant="contained"
        onClick={() => void submit()}
        disabled={!allowed || datasetId === null || create.isPending}
        data-testid="new-export-submit"
      >
        {t('exports.create')}
      </Button>
    </Stack>
  );
}
