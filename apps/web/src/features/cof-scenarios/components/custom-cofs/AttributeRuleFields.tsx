// A custom COF defined by a pipe attribute: materials from the material list, road types, or a diameter (in the
// user's unit) or install-year range with either end open.
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  CUSTOM_COF_ATTRIBUTES,
  MATERIAL,
  type CustomCofAttribute,
  type DiameterUnit,
} from '@pipewise/domain';
import { useTranslation } from 'react-i18next';
import { ROAD_TYPES, type CustomCofForm, type FormErrors } from '../../lib/custom-cof-form.ts';
import { materialLabel } from '../../lib/rule-summary.ts';

const MATERIAL_CODES = Object.values(MATERIAL).sort((a, b) => a - b);

export interface AttributeRuleFieldsProps {
  form: CustomCofForm;
  errors: FormErrors;
  unit: DiameterUnit;
  onChange: (patch: Partial<CustomCofForm>) => void;
}

export function AttributeRuleFields({ form, errors, unit, onChange }: AttributeRuleFieldsProps) {
  const { t } = useTranslation(['cof', 'details']);
  const problem = (key: keyof FormErrors) => {
    const p = errors[key];
    return p ? t(`cof:validation.form.${p}`) : undefined;
  };
  const ranged = form.attribute === 'diameter' || form.attribute === 'install_year';
  const rangeUnit = form.attribute === 'diameter' ? unit : '';
  const rangeLabel = (end: 'min' | 'max') =>
    t(`cof:customCofs.${end}`, { unit: rangeUnit ? ` (${rangeUnit})` : '' });
  return (
    <Stack spacing={2}>
      <TextField
        select
        label={t('cof:customCofs.attribute')}
        value={form.attribute}
        onChange={(e) => onChange({ attribute: e.target.value as CustomCofAttribute, min: '', max: '' })}
        slotProps={{ htmlInput: { 'data-testid': 'custom-cof-attribute' } }}
      >
        {CUSTOM_COF_ATTRIBUTES.map((a) => (
          <MenuItem key={a} value={a}>
            {t(`cof:customCofs.attributes.${a}`)}
          </MenuItem>
        ))}
      </TextField>
      {form.attribute === 'material' && (
        <TextField
          select
          label={t('cof:customCofs.materials')}
          value={form.materials}
          error={errors.values !== undefined}
          helperText={problem('values')}
          onChange={(e) => onChange({ materials: e.target.value as unknown as number[] })}
          slotProps={{
            select: {
              multiple: true,
              renderValue: (v) => (v as number[]).map((code) => materialLabel(t, code)).join(', '),
            },
            htmlInput: { 'data-testid': 'custom-cof-materials' },
          }}
        >
          {MATERIAL_CODES.map((code) => (
            <MenuItem key={code} value={code}>
              {materialLabel(t, code)}
            </MenuItem>
          ))}
        </TextField>
      )}
      {form.attribute === 'road_type' && (
        <TextField
          select
          label={t('cof:customCofs.roadType')}
          value={form.roadTypes}
          error={errors.values !== undefined}
          helperText={problem('values')}
          onChange={(e) => onChange({ roadTypes: e.target.value as unknown as string[] })}
          slotProps={{
            select: {
              multiple: true,
              renderValue: (v) => (v as string[]).map((r) => t(`cof:customCofs.roadTypes.${r}`)).join(', '),
            },
            htmlInput: { 'data-testid': 'custom-cof-road-types' },
          }}
        >
          {ROAD_TYPES.map((r) => (
            <MenuItem key={r} value={r}>
              {t(`cof:customCofs.roadTypes.${r}`)}
            </MenuItem>
          ))}
        </TextField>
      )}
      {ranged && (
        <Stack direction="row" spacing={2}>
          {(['min', 'max'] as const).map((end) => (
            <TextField
              key={end}
              label={rangeLabel(end)}
              value={form[end]}
              onChange={(e) => onChange({ [end]: e.target.value })}
              error={errors[end] !== undefined}
              helperText={problem(end) ?? t('cof:customCofs.openEnd')}
              fullWidth
              slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': `custom-cof-${end}` } }}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
