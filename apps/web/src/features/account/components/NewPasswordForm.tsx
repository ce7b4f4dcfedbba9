// Step 2 of the password reset: the new password for the single-use id of the mailed link.
// An unknown, used or expired id (RESET_INVALID) cannot be fixed by retyping, so it gets its
// own message with a way to ask for a fresh link.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { errorText } from '../lib/error-text.ts';
import { ruleResolver } from '../lib/form-resolver.ts';
import { newPasswordSchema } from '../lib/schemas.ts';
import type { NewPasswordForm as Values } from '../lib/schemas.ts';
import { applyServerErrors } from '../lib/server-errors.ts';
import { FormTextField } from './FormTextField.tsx';
import { RouterLink } from './RouterLink.tsx';
import { SubmitButton } from './SubmitButton.tsx';

export function NewPasswordForm({ resetId }: { resetId: string }) {
  const { t } = useTranslation('account');
  const mutation = useResetPassword();
  const [failure, setFailure] = useState<string | null>(null);
  const [invalidLink, setInvalidLink] = useState(false);
  const { control, handleSubmit, setError } = useForm<Values>({
    resolver: ruleResolver(newPasswordSchema),
    defaultValues: { password: '', passwordConfirmation: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await mutation.mutateAsync({ id: resetId, ...values });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'RESET_INVALID') setInvalidLink(true);
      else if (!applyServerErrors(error, setError, ['password', 'passwordConfirmation'], (key) => t(key)))
        setFailure(errorText(t, error));
    }
  });

  if (invalidLink) {
    return (
      <Stack spacing={3}>
        <Alert severity="warning" data-testid="reset-invalid">
          {t('reset.invalid')}
        </Alert>
        <RouterLink to="/user/reset" testId="reset-request-again-link">
          {t('reset.requestAgain')}
        </RouterLink>
      </Stack>
    );
  }

  if (mutation.isSuccess) {
    return (
      <Stack spacing={3}>
        <Alert severity="success" data-testid="reset-done">
          {t('reset.done')}
        </Alert>
        <RouterLink to="/user/login" testId="reset-login-link">
          {t('common.goToLogin')}
        </RouterLink>
      </Stack>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} data-testid="reset-password-form">
      <Stack spacing={2.5}>
        {failure && (
          <Alert severity="error" data-testid="reset-error" role="alert">
            {failure}
          </Alert>
        )}
        <FormTextField
          control={control}
          name="password"
          type="password"
          label={t('fields.newPassword')}
          helperText={t('common.passwordHint')}
          autoComplete="new-password"
          autoFocus
          required
          testId="reset-password"
        />
        <FormTextField
          control={control}
          name="passwordConfirmation"
          type="password"
          label={t('fields.passwordConfirmation')}
          autoComplete="new-password"
          required
          testId="reset-password-confirmation"
        />
        <SubmitButton pending={mutation.isPending} testId="reset-submit">
          {t('reset.newSubmit')}
        </SubmitButton>
      </Stack>
    </Box>
  );
}
