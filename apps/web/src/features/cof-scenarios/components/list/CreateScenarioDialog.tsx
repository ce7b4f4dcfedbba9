// 'New scenario': a name and what to copy (the country default or one of the group's scenarios). The name follows
// the chosen source ('Copy of …') until the user types one of their own.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { scenarioName } from '../../lib/names.ts';
import type { CofScenario } from '../../types.ts';

const DEFAULT_SOURCE = 'default';
const NAME_MAX = 120;

export interface CreateScenarioDialogProps {
  sources: CofScenario[];
  /** The source to start from (null: the default). */
  initialSource: number | null;
  busy: boolean;
  onCancel: () => void;
  onCreate: (input: { name: string; copyOf: number | null }) => void;
}

export function CreateScenarioDialog(props: CreateScenarioDialogProps) {
  const { t } = useTranslation('cof');
  const sourceName = (value: string) => {
    const source = props.sources.find((s) => String(s.id ?? DEFAULT_SOURCE) === value);
    return source ? scenarioName(t, source) : '';
  };
  const [source, setSource] = useState(String(props.initialSource ?? DEFAULT_SOURCE));
  const suggested = (value: string) => t('create.copyOf', { name: sourceName(value) });
  const [name, setName] = useState(() => suggested(source));
  const [touched, setTouched] = useState(false);
  const trimmed = name.trim();
  const problem =
    trimmed === ''
      ? t('validation.nameRequired')
      : trimmed.length > NAME_MAX
        ? t('validation.nameLong', { max: NAME_MAX })
        : null;

  const submit = () => {
    setTouched(true);
    if (problem) return;
    props.onCreate({ name: trimmed, copyOf: source === DEFAULT_SOURCE ? null : Number(source) });
  };

  return (
    <Dialog open onClose={props.onCancel} fullWidth maxWidth="xs" aria-labelledby="cof-create-title">
      <DialogTitle id="cof-create-title">{t('create.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            label={t('create.source')}
            value={source}
            onChange={(e) => {
              if (name === suggested(source)) setName(suggested(e.target.value));
              setSource(e.target.value);
            }}
            slotProps={{ htmlInput: { 'data-testid': 'cof-create-source' } }}
          >
            {props.sources.map((s) => (
              <MenuItem key={s.id ?? DEFAULT_SOURCE} value={String(s.id ?? DEFAULT_SOURCE)}>
                {scenarioName(t, s)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('create.name')}
            value={name}
            required
            autoFocus
            onChange={(e) => setName(e.target.value)}
            onBlur={() => setTouched(true)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') submit();
            }}
            error={touched && problem !== null}
            helperText={touched ? problem : null}
            slotProps={{ htmlInput: { 'data-testid': 'cof-create-name' } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onCancel}>{t('actions.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={props.busy} data-testid="cof-create-submit">
          {t('create.action')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
