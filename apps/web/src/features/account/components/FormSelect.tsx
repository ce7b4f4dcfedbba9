// A react-hook-form bound select. Native <select> on purpose: short fixed lists, the phone's
// own picker on mobile, and tests and e2e can choose an option directly.
import TextField from '@mui/material/TextField';
import { Controller } from 'react-hook-form';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useFieldErrorText } from '../lib/field-error.ts';
import type { RuleFieldError } from '../lib/form-resolver.ts';

interface Props<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  testId: string;
  options: readonly { value: string; label: string }[];
  disabled?: boolean;
  onChanged?: (value: string) => void;
}

export function FormSelect<T extends FieldValues>(props: Props<T>) {
  const { control, name, label, testId, options, disabled, onChanged } = props;
  const errorText = useFieldErrorText();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const message = errorText(fieldState.error as RuleFieldError | undefined);
        return (
          <TextField
            {...field}
            onChange={(e) => {
              field.onChange(e);
              onChanged?.(e.target.value);
            }}
            select
            label={label}
            disabled={disabled}
            error={Boolean(message)}
            helperText={message}
            fullWidth
            slotProps={{ select: { native: true }, htmlInput: { 'data-testid': testId } }}
          >
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </TextField>
        );
      }}
    />
  );
}
