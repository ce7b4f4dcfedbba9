// A react-hook-form bound text field of the planner's forms; its error is already text (lib/form-resolver.ts).
// A numeric field with `decimals` keeps its previous value when more decimals are typed (FMT-RULE-15).
import { limitDecimals } from '@pipewise/domain';
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
  /** The precision limit of a numeric field: a change with more decimals is refused (FMT-RULE-15). */
  decimals?: number;
  required?: boolean;
  multiline?: boolean;
  disabled?: boolean;
  helperText?: string;
  /** Shown at the end of the input (a unit, a currency). */
  end?: ReactNode;
  size?: TextFieldProps['size'];
  /** Fields to validate again when this one changes (a start date re-checks the end date, issue 36). */
  deps?: FieldPath<T>[];
}

/** Decimals typed after the point (or comma) of a number's text. */
const placesOf = (text: string) => {
  const separator = text.search(/[.,]/);
  return separator === -1 ? 0 : text.length - separator - 1;
};

/**
 * The change unless it has more than `decimals` decimals. A prefilled value with more (a computed cost in yen) can
 * still be edited down: its own decimals are the limit until it has fewer.
 */
function limited(prev: string, next: string, decimals: number | undefined): string {
  if (decimals === undefined) return next;
  return limitDecimals(prev, next, Math.max(decimals, placesOf(prev)));
}

export function FormText<T extends FieldValues>(props: FormTextProps<T>) {
  const {
    control,
    name,
    label,
    testId,
    type = 'text',
    numeric,
    decimals,
    end,
    helperText,
    deps,
    ...rest
  } = props;
  return (
    <Controller
      control={control}
      name={name}
      {...(deps ? { rules: { deps } } : {})}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          {...rest}
          value={(field.value as string | undefined) ?? ''}
          onChange={(e) => field.onChange(limited(String(field.value ?? ''), e.target.value, decimals))}
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
