// /user/register. TBD-01: spec 000 §2 says "no such route is listed", yet the top bar's Register
// link points here (SHELL-ROUTE-09). We build the page rather than hide the link: a guest
// sign-up form joining the organisation whose code the utility's administrator hands out.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isLanguage } from '@pipewise/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useRegister } from '../api/register.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { FormTextField } from '../components/FormTextField.tsx';
import { RouterLink } from '../components/RouterLink.tsx';
import { SubmitButton } from '../components/SubmitButton.tsx';
import { errorText } from '../lib/error-text.ts';
import { ruleResolver } from '../lib/form-resolver.ts';
import { registerSchema } from '../lib/schemas.ts';
import type { RegisterForm } from '../lib/schemas.ts';
import { applyServerErrors } from '../lib/server-errors.ts';

const FIELDS = ['fullName', 'email', 'password', 'passwordConfirmation', 'clientCode'] as const;

export function RegisterPage() {
  const { t, i18n } = useTranslation('account');
  const mutation = useRegister();
  const [failure, setFailure] = useState<string | null>(null);
  const [registered, setRegistered] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<RegisterForm>({
    resolver: ruleResolver(registerSchema),
    defaultValues: { fullName: '', email: '', password: '', passwordConfirmation: '', clientCode: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      // The new account starts in the language the visitor is reading the form in.
      const language = isLanguage(i18n.language) ? i18n.language : undefined;
      const result = await mutation.mutateAsync({
        ...values,
        clientCode: values.clientCode.trim(),
        language,
      });
      setRegistered(result.email);
    } catch (error) {
      const placed = applyServerErrors(
        error,
        setError,
        FIELDS,
        (key) => t(key),
        // No EMAIL_TAKEN: the server answers a taken address like a new one and tells its owner by mail.
        {},
        (field, rule) =>
          field === 'clientCode' && rule !== 'required' ? t('register.unknownCode') : undefined,
      );
      if (!placed) setFailure(errorText(t, error));
    }
  });

  if (registered) {
    return (
      <AuthCard title={t('register.successTitle')} testId="register-page">
        <Stack spacing={3}>
          <Alert severity="success" data-testid="register-success">
            {t('register.success', { email: registered })}
          </Alert>
          <RouterLink to="/user/login" testId="register-login-link">
            {t('common.goToLogin')}
          </RouterLink>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('register.title')} subtitle={t('register.subtitle')} testId="register-page">
      <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} data-testid="register-form">
        <Stack spacing={2.5}>
          {failure && (
            <Alert severity="error" data-testid="register-error" role="alert">
              {failure}
            </Alert>
          )}
          <FormTextField
            control={control}
            name="fullName"
            label={t('fields.fullName')}
            autoComplete="name"
            autoFocus
            required
            testId="register-full-name"
          />
          <FormTextField
            control={control}
            name="email"
            type="email"
            label={t('fields.email')}
            autoComplete="email"
            required
            testId="register-email"
          />
          <FormTextField
            control={control}
            name="password"
            type="password"
            label={t('fields.password')}
            helperText={t('common.passwordHint')}
            autoComplete="new-password"
            required
            testId="register-password"
          />
          <FormTextField
            control={control}
            name="passwordConfirmation"
            type="password"
            label={t('fields.passwordConfirmation')}
            autoComplete="new-password"
            required
            testId="register-password-confirmation"
          />
          <FormTextField
            control={control}
            name="clientCode"
            label={t('fields.clientCode')}
            helperText={t('register.clientCodeHint')}
            autoComplete="off"
            required
            testId="register-client-code"
          />
          <SubmitButton pending={mutation.isPending} testId="register-submit">
            {t('register.submit')}
          </SubmitButton>
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
            {t('register.haveAccount')}{' '}
            <RouterLink to="/user/login" testId="register-login-link">
              {t('register.login')}
            </RouterLink>
          </Typography>
        </Stack>
      </Box>
    </AuthCard>
  );
}
