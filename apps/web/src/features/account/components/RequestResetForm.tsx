// Step 1 of the password reset: ask for the address. The answer never says whether an account
// exists (the server always answers 204), so the confirmation is worded the same for everyone.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { isLanguage } from '@pipewise/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { errorText } from '../lib/error-text.ts';
import { ruleResolver } from '../lib/form-resolver.ts';
import { resetRequestSchema } from '../lib/schemas.ts';
import type { ResetRequestForm } from '../lib/schemas.ts';
import { applyServerErrors } from '../lib/server-errors.ts';
import { FormTextField } from './FormTextField.tsx';
import { RouterLink } from './RouterLink.tsx';
import { SubmitButton } from './SubmitButton.tsx';

export function RequestResetForm() {
  const { t, i18n } = useTranslation('account');
  const mutation = useRequestPasswordReset();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<ResetRequestForm>({
    resolver: ruleResolver(resetRequestSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      // The mail is written in the language the visitor is reading this page in.
      const language = isLanguage(i18n.language) ? i18n.language : undefined;
      await mutation.mutateAsync({ email, language });
    } catch (error) {
      if (!applyServerErrors(error, setError, ['email'], (key) => t(key))) setFailure(errorText(t, error));
    }
  });

  if (mutation.isSuccess) {
    return (
      <Stack spacing={3}>
        <Alert severity="success" data-testid="reset-sent">
          {t('reset.sent')}
        </Alert>
        <RouterLink to="/user/login" testId="reset-login-link">
          {t('common.backToLogin')}
        </RouterLink>
      </Stack>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} data-testid="reset-request-form">
      <Stack spacing={2.5}>
        {failure && (
          <Alert severity="error" data-testid="reset-error" role="alert">
            {failure}
          </Alert>
        )}
        <FormTextField
          control={control}
          name="email"
          type="email"
          label={t('fields.email')}
          autoComplete="email"
          autoFocus
          required
          testId="reset-email"
        />
        <SubmitButton pending={mutation.isPending} testId="reset-submit">
          {t('reset.requestSubmit')}
        </SubmitButton>
        <RouterLink to="/user/login" testId="reset-login-link">
          {t('common.backToLogin')}
        </RouterLink>
      </Stack>
    </Box>
  );
}
