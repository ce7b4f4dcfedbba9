// A react-hook-form bound MUI TextField whose error text goes through the validations helper.
// Password fields get a show/hide button (long generated passwords are hard to type blind).
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldErrorText } from '../lib/field-error.ts';
import type { RuleFieldError } from '../lib/form-resolver.ts';

interface Props<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  testId: string;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  helperText?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  required?: boolean;
}

export function FormTextField<T extends FieldValues>(props: Props<T>) {
  const { control, name, label, testId, type = 'text', helperText, ...rest } = props;
  const { t } = useTranslation('account');
  const errorText = useFieldErrorText();
  const [shown, setShown] = useState(false);
  const isPassword = type === 'password';

  const toggle = isPassword ? (
    <InputAdornment position="end">
      <IconButton
        edge="end"
        onClick={() => setShown((s) => !s)}
        aria-label={t(shown ? 'common.hidePassword' : 'common.showPassword')}
        data-testid={`${testId}-toggle`}
      >
        {shown ? <VisibilityOff /> : <Visibility />}
      </IconButton>
    </InputAdornment>
  ) : undefined;

  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const message = errorText(fieldState.error as RuleFieldError | undefined);
        return (
          <TextField
            {...field}
            {...rest}
            value={(field.value as string | undefined) ?? ''}
            label={label}
            type={isPassword && shown ? 'text' : type}
            error={Boolean(message)}
            helperText={message ?? helperText}
            fullWidth
            slotProps={{
              htmlInput: { 'data-testid': testId },
              formHelperText: { 'data-testid': `${testId}-error` } as object,
              input: toggle ? { endAdornment: toggle } : {},
            }}
          />
        );
      }}
    />
  );
}
