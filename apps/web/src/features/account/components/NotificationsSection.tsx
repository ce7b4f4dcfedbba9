// Notifications: the receive-emails flag, read and written through its own calls (ACC-USER-04).
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import { TOAST_MS } from '@pipewise/domain';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/index.ts';
import { useReceiveEmails } from '../api/get-receive-emails.ts';
import { useUpdateReceiveEmails } from '../api/update-receive-emails.ts';
import { errorText } from '../lib/error-text.ts';
import { SettingSwitch } from './SettingSwitch.tsx';
import { SettingsSection } from './SettingsSection.tsx';

export function NotificationsSection({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation('account');
  const { show } = useToast();
  const query = useReceiveEmails();
  const mutation = useUpdateReceiveEmails();

  const save = (receiveEmails: boolean) =>
    mutation.mutate(
      { receiveEmails },
      {
        onSuccess: () => show({ text: t('settings.saved'), color: 'success', timer: TOAST_MS.normal }),
        onError: (error) => show({ text: errorText(t, error), color: 'error', timer: TOAST_MS.long }),
      },
    );

  return (
    <SettingsSection title={t('settings.notifications.title')} testId="settings-notifications">
      {query.isError && <Alert severity="error">{errorText(t, query.error)}</Alert>}
      {query.isPending && <Skeleton variant="rounded" height={40} />}
      {query.data && (
        <SettingSwitch
          checked={mutation.isPending ? mutation.variables.receiveEmails : query.data.receiveEmails}
          label={t('settings.notifications.receiveEmails')}
          help={t('settings.notifications.receiveEmailsHelp')}
          disabled={readOnly || mutation.isPending}
          onChange={save}
          testId="settings-receive-emails"
        />
      )}
    </SettingsSection>
  );
}
