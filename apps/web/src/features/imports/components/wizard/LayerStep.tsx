// Step 3: which layer of the file to import, with its geometry type, feature count and coordinate system.
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { chosenLayer, useImportWizard } from '../../state.ts';
import { CrsField, crsMissing } from './CrsField.tsx';
import { WizardNav } from './WizardNav.tsx';

export function LayerStep() {
  const { t } = useTranslation('data');
  const state = useImportWizard();
  const layers = state.upload?.layers ?? [];
  const layer = chosenLayer(state);
  return (
    <Stack spacing={2} data-testid="import-layer-step">
      <RadioGroup
        value={state.layer ?? ''}
        onChange={(e) => state.set({ layer: e.target.value, mapping: null, materials: {} })}
      >
        {layers.map((l) => (
          <FormControlLabel
            key={l.name}
            value={l.name}
            control={<Radio slotProps={{ input: { 'data-testid': `import-layer-${l.name}` } as object }} />}
            label={
              <span>
                <Typography component="span" sx={{ fontWeight: 500 }}>
                  {l.name}
                </Typography>
                <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
                  {t('wizard.layer.summary', {
                    geometry: l.geometryType,
                    count: l.featureCount,
                    crs: l.crs ?? t('wizard.layer.noCrs'),
                  })}
                </Typography>
              </span>
            }
          />
        ))}
      </RadioGroup>
      {layer && <CrsField />}
      <WizardNav canNext={layer != null && !crsMissing(state.crs, layer.crs)} />
    </Stack>
  );
}
