// Time zone picker over the IANA zones the browser knows (Intl.supportedValuesOf), searchable
// because there are about 400 of them.
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import type { Control } from 'react-hook-form';
import { useFieldErrorText } from '../lib/field-error.ts';
import type { RuleFieldError } from '../lib/form-resolver.ts';
import type { LanguageRegionForm } from '../lib/schemas.ts';

function timeZones(current: string): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  // Some engines leave out UTC (and a user may have an alias such as "US/Pacific") — keep theirs.
  return [...new Set([current, 'UTC', ...zones])].filter(Boolean).sort();
}

interface Props {
  control: Control<LanguageRegionForm>;
  label: string;
  disabled: boolean;
  initial: string;
}

export function TimeZoneField({ control, label, disabled, initial }: Props) {
  const errorText = useFieldErrorText();
  const options = useMemo(() => timeZones(initial), [initial]);
  return (
    <Controller
      control={control}
      name="timeZone"
      render={({ field, fieldState }) => {
        const message = errorText(fieldState.error as RuleFieldError | undefined);
        return (
          <Autocomplete
            options={options}
            value={field.value}
            onChange={(_e, value) => field.onChange(value ?? '')}
            onBlur={field.onBlur}
            disabled={disabled}
            autoHighlight
            disableClearable
            renderInput={(params) => (
              <TextField
                {...params}
                inputRef={field.ref}
                label={label}
                error={Boolean(message)}
                helperText={message}
                slotProps={{
                  ...params.slotProps,
                  htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'settings-time-zone' },
                }}
              />
            )}
          />
        );
      }}
    />
  );
}
