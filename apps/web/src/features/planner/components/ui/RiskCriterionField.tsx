// LOF or BRE (PLAN-AUTO-04): what 'risk' means for a plan or a search, each offered only with its subscriptions
// (LOF; COF and BRE for the BRE figures).
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

export function RiskCriterionField<T extends FieldValues>(props: {
  control: Control<T>;
  name: FieldPath<T>;
  hasLof: boolean;
  hasBre: boolean;
  testId: string;
}) {
  const { t } = useTranslation('planner');
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field, fieldState }) => (
        <FormControl error={Boolean(fieldState.error)}>
          <FormLabel>{t('risk.label')}</FormLabel>
          <RadioGroup
            row
            value={field.value as string}
            onChange={(_, v) => field.onChange(v)}
            data-testid={props.testId}
          >
            <FormControlLabel
              value="lof"
              control={<Radio size="small" />}
              label={t('risk.lof')}
              disabled={!props.hasLof}
            />
            <FormControlLabel
              value="bre"
              control={<Radio size="small" />}
              label={t('risk.bre')}
              disabled={!props.hasBre}
            />
          </RadioGroup>
          <FormHelperText>
            {fieldState.error?.message ??
              [
                props.hasLof ? '' : t('risk.lofNeedsSubscription'),
                props.hasBre ? '' : t('risk.breNeedsSubscription'),
              ]
                .filter(Boolean)
                .join(' ')}
          </FormHelperText>
        </FormControl>
      )}
    />
  );
}
