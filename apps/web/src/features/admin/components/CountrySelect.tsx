// A client's country from the countries Pipewise has units, currency and defaults for (issue 38: it was free text,
// so "USA" or "jp" could be typed), each by its name in the user's language (Intl.DisplayNames).
import { COUNTRIES, type Country } from '@pipewise/domain';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

export function CountrySelect(props: {
  label: string;
  value: Country;
  onChange: (c: Country) => void;
  testId?: string;
}) {
  const { i18n } = useTranslation();
  const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
  return (
    <TextField
      select
      size="small"
      label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value as Country)}
      sx={{ minWidth: 180 }}
      slotProps={{ htmlInput: { 'data-testid': props.testId } }}
    >
      {COUNTRIES.map((c) => (
        <MenuItem key={c} value={c}>
          {names.of(c) ?? c}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A stored country Pipewise knows, else the default: older rows may hold what free text allowed. */
export const knownCountry = (value: string | null | undefined): Country =>
  COUNTRIES.find((c) => c === value?.trim().toUpperCase()) ?? 'US';
