// Where a plan or a search looks: the whole network, or the area drawn with the Planner tab's rectangle (the
// boundary tools of the filter pane). Without a drawn area only the whole network can be chosen.
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useTranslation } from 'react-i18next';

export interface AreaChoiceProps {
  wholeSnapshot: boolean;
  hasArea: boolean;
  onChange: (wholeSnapshot: boolean) => void;
  error?: string | undefined;
  testId: string;
}

export function AreaChoice({ wholeSnapshot, hasArea, onChange, error, testId }: AreaChoiceProps) {
  const { t } = useTranslation('planner');
  return (
    <FormControl error={Boolean(error)}>
      <FormLabel>{t('area.label')}</FormLabel>
      <RadioGroup
        row
        value={wholeSnapshot ? 'whole' : 'area'}
        onChange={(_, value) => onChange(value === 'whole')}
        data-testid={testId}
      >
        <FormControlLabel value="whole" control={<Radio size="small" />} label={t('area.whole')} />
        <FormControlLabel
          value="area"
          control={<Radio size="small" />}
          label={t('area.drawn')}
          disabled={!hasArea}
        />
      </RadioGroup>
      <FormHelperText>{error ?? (hasArea ? t('area.hasArea') : t('area.noArea'))}</FormHelperText>
    </FormControl>
  );
}
