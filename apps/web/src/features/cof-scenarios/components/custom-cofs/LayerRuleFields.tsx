// A custom COF defined by a layer: the mesh cells, districts or custom zones whose pipes it applies to, chosen from
// the current dataset's areas (docs/api-assets.md area list).
import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { AREA_LAYERS } from '@pipewise/domain';
import { useTranslation } from 'react-i18next';
import { useAreas, type AreaItem } from '../../api/get-areas.ts';
import type { CustomCofForm, FormErrors } from '../../lib/custom-cof-form.ts';
import type { AreaLayer } from '../../types.ts';

export interface LayerRuleFieldsProps {
  datasetId: number | null;
  form: CustomCofForm;
  errors: FormErrors;
  onChange: (patch: Partial<CustomCofForm>) => void;
}

const areaLabel = (a: AreaItem) => (a.name ? `${a.name} (${a.nativeId})` : a.nativeId);

export function LayerRuleFields({ datasetId, form, errors, onChange }: LayerRuleFieldsProps) {
  const { t } = useTranslation('cof');
  const areas = useAreas(datasetId, form.layer, true);
  const options = areas.data ?? [];
  const chosen = options.filter((a) => form.areaIds.includes(a.id));
  // Areas named by a saved rule that the current dataset no longer has still count (and can be removed).
  const missing = form.areaIds.length - chosen.length;
  const help = areas.isError
    ? t('customCofs.areasFailed')
    : errors.areas
      ? t(`validation.form.${errors.areas}`)
      : missing > 0
        ? t('customCofs.areasMissing', { count: missing })
        : undefined;
  return (
    <Stack spacing={2}>
      <TextField
        select
        label={t('customCofs.layer')}
        value={form.layer}
        onChange={(e) => onChange({ layer: e.target.value as AreaLayer, areaIds: [] })}
        slotProps={{ htmlInput: { 'data-testid': 'custom-cof-layer' } }}
      >
        {AREA_LAYERS.map((layer) => (
          <MenuItem key={layer} value={layer}>
            {t(`customCofs.layers.${layer}`)}
          </MenuItem>
        ))}
      </TextField>
      <Autocomplete
        multiple
        options={options}
        value={chosen}
        loading={areas.isFetching}
        getOptionLabel={areaLabel}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        onChange={(_e, value) => onChange({ areaIds: value.map((a) => a.id) })}
        noOptionsText={t('customCofs.noAreas')}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('customCofs.areas')}
            error={errors.areas !== undefined || areas.isError}
            helperText={help}
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'custom-cof-areas' },
            }}
          />
        )}
      />
    </Stack>
  );
}
