// What a plan or a pipe search ranks by and where it looks: the risk criterion (LOF or BRE) and the drawn area or
// the whole network. The auto planner and the pipe finder ask both the same way.
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { AreaChoice } from './AreaChoice.tsx';
import { RiskCriterionField } from './RiskCriterionField.tsx';

export function ScopeFields<T extends FieldValues>(props: {
  control: Control<T>;
  riskName: FieldPath<T>;
  wholeSnapshotName: FieldPath<T>;
  hasLof: boolean;
  hasBre: boolean;
  hasArea: boolean;
  /** Prefix of the test ids: `${testId}-risk`, `${testId}-area`. */
  testId: string;
}) {
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
    </>
  );
}
