// A labelled native select. Native on purpose (as the account forms): short fixed lists, the phone's own
// picker, and tests and e2e choose an option directly.
import TextField from '@mui/material/TextField';

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  testId: string;
  required?: boolean;
  error?: boolean;
  helperText?: string;
  size?: 'small' | 'medium';
}

export function NativeSelect({ label, value, onChange, options, testId, ...rest }: Props) {
  return (
    <TextField
      select
      fullWidth
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{
        select: { native: true },
        htmlInput: { 'data-testid': testId },
        inputLabel: { shrink: true },
      }}
      {...rest}
    >
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </TextField>
  );
}
