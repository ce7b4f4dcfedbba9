// The calculation type of 001 §4 as one choice: Standard, Valve isolation or Hydraulic. Choosing turns that mode on
// and the other two off for both indirect costs (lib/calculation.ts switchCalculation); the scenario type follows.
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CALCULATION_KINDS, type CalculationKind } from '../../lib/calculation.ts';

export interface CalculationTypeFieldProps {
  value: CalculationKind;
  readOnly: boolean;
  onChange: (kind: CalculationKind) => void;
}

export function CalculationTypeField({ value, readOnly, onChange }: CalculationTypeFieldProps) {
  const { t } = useTranslation('cof');
  return (
    <FormControl component="fieldset" disabled={readOnly} data-testid="calculation-type" data-value={value}>
      <FormLabel component="legend" id="cof-calculation-type">
        {t('calculation.label')}
      </FormLabel>
      <FormHelperText sx={{ mx: 0 }}>{t('calculation.help')}</FormHelperText>
      <RadioGroup
        row
        aria-labelledby="cof-calculation-type"
        value={value}
        onChange={(_e, next) => onChange(next as CalculationKind)}
        sx={{ gap: 2, mt: 1 }}
      >
        {CALCULATION_KINDS.map((kind) => (
          <FormControlLabel
            key={kind}
            value={kind}
            control={<Radio slotProps={{ input: { 'data-testid': `calculation-${kind}` } as object }} />}
            sx={{ alignItems: 'flex-start', maxWidth: 320, mr: 0 }}
            label={
              <span>
                <Typography component="span" sx={{ display: 'block', mt: 1 }}>
                  {t(`types.${kind}`)}
                </Typography>
                <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                  {t(`calculation.${kind}`)}
                </Typography>
              </span>
            }
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
