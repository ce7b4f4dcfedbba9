// Adding or editing a custom COF (001 §3 customCofs): a name, the pipes it applies to (by attribute or by layer) and
// the amount added to each such pipe's COF, in the scenario's currency. Checked on 'Apply'; the scenario's Save
// sends it.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { DiameterUnit } from '@pipewise/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  buildCustomCof,
  emptyCustomCofForm,
  formFromCustomCof,
  type CustomCofForm,
  type FormErrors,
} from '../../lib/custom-cof-form.ts';
import type { CustomCof } from '../../types.ts';
import { AttributeRuleFields } from './AttributeRuleFields.tsx';
import { LayerRuleFields } from './LayerRuleFields.tsx';

export interface CustomCofDialogProps {
  /** The custom COF being edited, or null for a new one. */
  editing: CustomCof | null;
  /** The id and enabled state the result takes. */
  base: { id: number; enabled: boolean };
  datasetId: number | null;
  currency: string;
  unit: DiameterUnit;
  onCancel: () => void;
  onApply: (cof: CustomCof) => void;
}

export function CustomCofDialog(props: CustomCofDialogProps) {
  const { t } = useTranslation('cof');
  const [form, setForm] = useState<CustomCofForm>(() =>
    props.editing ? formFromCustomCof(props.editing, props.unit) : emptyCustomCofForm(),
  );
  const [errors, setErrors] = useState<FormErrors>({});
  const change = (patch: Partial<CustomCofForm>) => setForm((f) => ({ ...f, ...patch }));
  const problem = (key: 'name' | 'amount') => (errors[key] ? t(`validation.form.${errors[key]}`) : undefined);

  const apply = () => {
    const result = buildCustomCof(form, props.base, props.unit);
    if ('errors' in result) setErrors(result.errors);
    else props.onApply(result.cof);
  };

  return (
    <Dialog open onClose={props.onCancel} fullWidth maxWidth="sm" aria-labelledby="custom-cof-title">
      <DialogTitle id="custom-cof-title">
        {props.editing ? t('customCofs.editTitle') : t('customCofs.addTitle')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }} data-testid="custom-cof-dialog">
          <TextField
            label={t('customCofs.name')}
            value={form.name}
            required
            autoFocus
            onChange={(e) => change({ name: e.target.value })}
            error={errors.name !== undefined}
            helperText={problem('name')}
            slotProps={{ htmlInput: { maxLength: 120, 'data-testid': 'custom-cof-name' } }}
          />
          <RadioGroup
            row
            value={form.kind}
            aria-label={t('customCofs.definedBy')}
            onChange={(_e, kind) => change({ kind: kind as CustomCofForm['kind'] })}
          >
            <FormControlLabel value="attribute" control={<Radio />} label={t('customCofs.byAttribute')} />
            <FormControlLabel value="layer" control={<Radio />} label={t('customCofs.byLayer')} />
          </RadioGroup>
          {form.kind === 'attribute' ? (
            <AttributeRuleFields form={form} errors={errors} unit={props.unit} onChange={change} />
          ) : (
            <LayerRuleFields datasetId={props.datasetId} form={form} errors={errors} onChange={change} />
          )}
          <TextField
            label={t('customCofs.amount')}
            value={form.amount}
            required
            onChange={(e) => change({ amount: e.target.value })}
            error={errors.amount !== undefined}
            helperText={problem('amount') ?? t('customCofs.amountHelp')}
            slotProps={{
              htmlInput: { inputMode: 'decimal', 'data-testid': 'custom-cof-amount' },
              input: { endAdornment: <InputAdornment position="end">{props.currency}</InputAdornment> },
            }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onCancel}>{t('actions.cancel')}</Button>
        <Button variant="contained" onClick={apply} data-testid="custom-cof-apply">
          {t('customCofs.apply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
