// The coordinate system of the layer: required when the file declares none, an override otherwise.
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { chosenLayer, useImportWizard } from '../../state.ts';

/** 'EPSG:3547', 'epsg:3547' or '3547' (issue 15); WKT is accepted by the server too but nobody types it. */
export const CRS_PATTERN = /^(?:EPSG:)?\d{4,6}$/i;

export function crsMissing(crs: string, layerCrs: string | null | undefined): boolean {
  const value = crs.trim();
  if (value !== '' && !CRS_PATTERN.test(value)) return true;
  return layerCrs == null && value === '';
}

export function CrsField() {
  const { t } = useTranslation('data');
  const state = useImportWizard();
  const layerCrs = chosenLayer(state)?.crs ?? null;
  const invalid = state.crs.trim() !== '' && !CRS_PATTERN.test(state.crs.trim());
  return (
    <TextField
      label={t('wizard.crs.label')}
      value={state.crs}
      required={layerCrs == null}
      error={invalid || (layerCrs == null && state.crs.trim() === '')}
      placeholder="EPSG:3547"
      helperText={
        invalid
          ? t('wizard.crs.invalid')
          : layerCrs == null
            ? t('wizard.crs.required')
            : t('wizard.crs.declared', { crs: layerCrs })
      }
      onChange={(e) => state.set({ crs: e.target.value })}
      slotProps={{ htmlInput: { 'data-testid': 'import-crs' } }}
    />
  );
}
