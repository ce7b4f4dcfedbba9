// A switch that saves as soon as it is flipped (no separate Save for a single yes/no), with
// its explanation underneath. Disabled while saving so two flips cannot race.
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';

interface Props {
  checked: boolean;
  label: string;
  help: string;
  testId: string;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}

export function SettingSwitch({ checked, label, help, testId, disabled, onChange }: Props) {
  return (
    <div>
      <FormControlLabel
        control={
          <Switch
            checked={checked}
            disabled={disabled}
            onChange={(_e, value) => onChange(value)}
            slotProps={{ input: { 'data-testid': testId } as object }}
          />
        }
        label={label}
      />
      <FormHelperText sx={{ ml: 0 }}>{help}</FormHelperText>
    </div>
  );
}
