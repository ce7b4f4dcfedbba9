// /user/login (spec 000 §2). Rules: TBD-03 (e-mail required and valid, password required,
// inline error on bad credentials). The language choice lives in the guest layout (shell).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { login, type LoginChallenge } from '../../session/index.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { FormTextField } from '../components/FormTextField.tsx';
import { RouterLink } from '../components/RouterLink.tsx';
import { SubmitButton } from '../components/SubmitButton.tsx';
import { TwoFactorStep } from '../components/TwoFactorStep.tsx';
import { errorText } from '../lib/error-text.ts';
import { ruleResolver } from '../lib/form-resolver.ts';
import { safeRedirect } from '../lib/safe-redirect.ts';
import { loginSchema } from '../lib/schemas.ts';
import type { LoginForm } from '../lib/schemas.ts';

export function LoginPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [failure, setFailure] = useState<string | null>(null);
  // Issue 17: set when the user must give the code mailed to them before the tokens come.
  const [challenge, setChallenge] = useState<LoginChallenge | undefined>(undefined);
  const enter = () => navigate(safeRedirect(search.get('redirect')), { replace: true });
  const { control, handleSubmit, formState } = useForm<LoginForm>({
    resolver: ruleResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(
    async ({ email, password }) => {
      setFailure(null);
      try {
        const step = await login(email, password);
        if (step) return setChallenge(step);
      } catch (error) {
        // Bad credentials, rate limit and inactive account all read best as one line above the form.
        setFailure(errorText(t, error));
        return;
      }
      await enter();
    },
    // A new attempt that fails validation is not the old one: its field errors replace the stale failure
    // (issue 15: "Incorrect e-mail or password" stayed beside a new "This field is required").
    () => setFailure(null),
  );

  if (challenge)
    return (
      <AuthCard title={t('twoFactor.title')} testId="login-page">
        <TwoFactorStep
          challenge={challenge}
          onSignedIn={() => void enter()}
          onRestart={() => setChallenge(undefined)}
        />
      </AuthCard>
    );

  return (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')} testId="login-page">
      <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} data-testid="login-form">
        <Stack spacing={2.5}>
          {failure && (
            <Alert severity="error" data-testid="login-error" role="alert">
              {failure}
            </Alert>
          )}
          <FormTextField
            control={control}
            name="email"
            type="email"
            label={t('fields.email')}
            autoComplete="username"
            autoFocus
            required
            testId="login-email"
          />
          <FormTextField
            control={control}
            name="password"
            type="password"
            label={t('fields.password')}
            autoComplete="current-password"
            required
            testId="login-password"
          />
          <Box sx={{ textAlign: 'right', mt: '8px !important' }}>
            <RouterLink to="/user/reset" testId="login-forgot-link">
              {t('login.forgot')}
            </RouterLink>
          </Box>
          <SubmitButton pending={formState.isSubmitting} testId="login-submit">
            {t('login.submit')}
          </SubmitButton>
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
            {t('login.noAccount')}{' '}
            <RouterLink to="/user/register" testId="login-register-link">
              {t('login.register')}
            </RouterLink>
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
            <RouterLink to="/user/contact" testId="login-contact-link">
              {t('contact.link')}
            </RouterLink>
          </Typography>
        </Stack>
      </Box>
    </AuthCard>
  );
}
