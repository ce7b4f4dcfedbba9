// What a plan or a search ranks by and where it looks: the risk criterion (LOF or BRE), the drawn area or the
// whole network, and whether pipes already in active projects count (issue 36: not by default, since a pipe is in
// one active project at a time). The auto planner and the pipe finder ask all three the same way.
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { useTranslation } from 'react-i18next';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { AreaChoice } from './AreaChoice.tsx';
import { RiskCriterionField } from './RiskCriterionField.tsx';

export function ScopeFields<T extends FieldValues>(props: {
  control: Control<T>;
  riskName: FieldPath<T>;
  wholeSnapshotName: FieldPath<T>;
  includeBookedName: FieldPath<T>;
  hasLof: boolean;
  hasBre: boolean;
  hasArea: boolean;
  /** Prefix of the test ids: `${testId}-risk`, `${testId}-area`, `${testId}-include-booked`. */
  testId: string;
}) {
  const { t } = useTranslation('planner');
  const { control, testId } = props;
  return (
    <>
      <RiskCriterionField
        control={control}
        name={props.riskName}
        hasLof={props.hasLof}
        hasBre={props.hasBre}
        testId={`${testId}-risk`}
      />
      <Controller
        control={control}
        name={props.wholeSnapshotName}
        render={({ field, fieldState }) => (
          <AreaChoice
            wholeSnapshot={field.value as boolean}
            hasArea={props.hasArea}
            onChange={field.onChange}
            error={fieldState.error?.message}
            testId={`${testId}-area`}
          />
        )}
      />
      <Controller
        control={control}
        name={props.includeBookedName}
        render={({ field }) => (
          <div>
            <FormControlLabel
              control={
                <Checkbox
                  size="small"
                  checked={field.value as boolean}
                  onChange={(e) => field.onChange(e.target.checked)}
                  slotProps={{ input: { 'data-testid': `${testId}-include-booked` } as object }}
                />
              }
              label={t('booked.include')}
            />
            <FormHelperText sx={{ mt: 0 }}>{t('booked.includeHint')}</FormHelperText>
          </div>
        )}
      />
    </>
  );
}
