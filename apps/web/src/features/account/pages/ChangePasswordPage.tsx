// /user/changePassword (TBD-02): current, new and confirmation. A wrong current password comes
// back as WRONG_PASSWORD and is shown on that field; 401/403 here do not log out (ACC-AUTH-11,
// handled by the api client).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { TOAST_MS } from '@pipewise/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/index.ts';
import { useCurrentUser } from '../../session/index.ts';
import { useChangePassword } from '../api/change-password.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { FormTextField } from '../components/FormTextField.tsx';
import { RouterLink } from '../components/RouterLink.tsx';
import { SubmitButton } from '../components/SubmitButton.tsx';
import { errorText } from '../lib/error-text.ts';
import { ruleResolver } from '../lib/form-resolver.ts';
import { changePasswordSchema } from '../lib/schemas.ts';
import type { ChangePasswordForm } from '../lib/schemas.ts';
import { applyServerErrors } from '../lib/server-errors.ts';

const EMPTY: ChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordPage() {
  const { t } = useTranslation('account');
  const { show } = useToast();
  const mutation = useChangePassword();
  // TBD-05: a demo account is shared, so its password must stay as published.
  const readOnly = useCurrentUser().data?.isDemo ?? false;
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError, reset } = useForm<ChangePasswordForm>({
    resolver: ruleResolver(changePasswordSchema),
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setFailure(null);
    try {
      await mutation.mutateAsync({ currentPassword, newPassword });
      reset(EMPTY);
      show({ text: t('changePassword.success'), color: 'success', timer: TOAST_MS.normal });
    } catch (error) {
      const placed = applyServerErrors(
        error,
        setError,
        ['currentPassword', 'newPassword'],
        (key) => t(key),
        { WRONG_PASSWORD: { field: 'currentPassword', key: 'changePassword.wrongPassword' } },
        (field, rule) =>
          field === 'currentPassword' && rule !== 'required' ? t('changePassword.wrongPassword') : undefined,
      );
      if (!placed) setFailure(errorText(t, error));
    }
  });

  return (
    <AuthCard
      title={t('changePassword.title')}
      subtitle={t('changePassword.subtitle')}
      testId="change-password-page"
    >
      <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} data-testid="change-password-form">
        <Stack spacing={2.5}>
          {readOnly && (
            <Alert severity="info" data-testid="change-password-demo-note">
              {t('settings.demoNote')}
            </Alert>
          )}
          {failure && (
            <Alert severity="error" data-testid="change-password-error" role="alert">
              {failure}
            </Alert>
          )}
          <FormTextField
            control={control}
            name="currentPassword"
            type="password"
            label={t('fields.currentPassword')}
            autoComplete="current-password"
            autoFocus
            required
            disabled={readOnly}
            testId="change-password-current"
          />
          <FormTextField
            control={control}
            name="newPassword"
            type="password"
            label={t('fields.newPassword')}
            helperText={t('common.passwordHint')}
            autoComplete="new-password"
            required
            disabled={readOnly}
            testId="change-password-new"
          />
          <FormTextField
            control={control}
            name="confirmPassword"
            type="password"
            label={t('fields.passwordConfirmation')}
            autoComplete="new-password"
            required
            disabled={readOnly}
            testId="change-password-confirm"
          />
          <SubmitButton pending={mutation.isPending} disabled={readOnly} testId="change-password-submit">
            {t('changePassword.submit')}
          </SubmitButton>
          <RouterLink to="/user/settings" testId="change-password-settings-link">
            {t('changePassword.backToSettings')}
          </RouterLink>
        </Stack>
      </Box>
    </AuthCard>
  );
}
