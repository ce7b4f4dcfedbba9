// /user/reset (TBD-02). Without `?id=` it asks for the e-mail address to send a link to; the
// mailed link comes back here with `?id=<reset id>` to choose the new password.
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AuthCard } from '../components/AuthCard.tsx';
import { NewPasswordForm } from '../components/NewPasswordForm.tsx';
import { RequestResetForm } from '../components/RequestResetForm.tsx';

export function ResetPasswordPage() {
  const { t } = useTranslation('account');
  const [search] = useSearchParams();
  const id = search.get('id');

  if (id) {
    return (
      <AuthCard title={t('reset.newTitle')} subtitle={t('reset.newSubtitle')} testId="reset-page">
        <NewPasswordForm resetId={id} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('reset.requestTitle')} subtitle={t('reset.requestSubtitle')} testId="reset-page">
      <RequestResetForm />
    </AuthCard>
  );
}
