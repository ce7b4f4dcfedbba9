// A react-hook-form bound text field of the planner's forms; its error is already text (lib/form-resolver.ts).
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import type { ReactNode } from 'react';

interface FormTextProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  testId: string;
  type?: 'text' | 'email' | 'date';
  numeric?: boolean;
  required?: boolean;
  multiline?: boolean;
  disabled?: boolean;
  helperText?: string;
  /** Shown at the end of the input (a unit, a currency). */
  end?: ReactNode;
  size?: TextFieldProps['size'];
}

export function FormText<T extends FieldValues>(props: FormTextProps<T>) {
  const { control, name, label, testId, type = 'text', numeric, end, helperText, ...rest } = props;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          {...rest}
          value={(field.value as string | undefined) ?? ''}
          label={label}
          type={type}
          fullWidth
          size={props.size ?? 'small'}
          minRows={props.multiline ? 2 : undefined}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
          slotProps={{
            htmlInput: { 'data-testid': testId, ...(numeric ? { inputMode: 'decimal' } : {}) },
            inputLabel: type === 'date' ? { shrink: true } : {},
            input: end ? { endAdornment: end } : {},
          }}
        />
      )}
    />
  );
}
