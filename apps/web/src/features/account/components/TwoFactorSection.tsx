// Two-step sign-in (issue 17): the user's own switch; when their client requires it, the switch shows it on and
// says why it cannot be turned off.
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import { TOAST_MS } from '@pipewise/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/index.ts';
import { ApiError } from '../../../lib/api-client.ts';
import {
  isChallenge,
  useTwoFactorSetting,
  useUpdateTwoFactor,
  type TwoFactorChange,
} from '../api/two-factor-setting.ts';
import { errorText } from '../lib/error-text.ts';
import { SettingSwitch } from './SettingSwitch.tsx';
import { SettingsSection } from './SettingsSection.tsx';
import { TwoFactorOffDialog } from './TwoFactorOffDialog.tsx';

export function TwoFactorSection({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation('account');
  const { show } = useToast();
  const query = useTwoFactorSetting();
  const mutation = useUpdateTwoFactor();
  const required = query.data?.requiredByClient === true;

  const [asking, setAsking] = useState(false);
  const [wrong, setWrong] = useState<string | null>(null);
  /** Turning it off: the password was right and a code is on its way (issue 37). */
  const [mailed, setMailed] = useState<{ challenge: string; sentTo: string; password: string } | null>(null);
  const close = () => {
    setAsking(false);
    setMailed(null);
  };

  const save = (change: TwoFactorChange) =>
    mutation.mutate(change, {
      onSuccess: (out) => {
        setWrong(null);
        if (isChallenge(out))
          return setMailed({ challenge: out.challenge, sentTo: out.sentTo, password: change.password ?? '' });
        close();
        const text = change.enabled ? 'settings.twoFactor.onEndsSessions' : 'settings.saved';
        show({ text: t(text), color: 'success', timer: TOAST_MS.normal });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'WRONG_PASSWORD')
          return setWrong(t('changePassword.wrongPassword'));
        if (error instanceof ApiError && error.code === 'TWO_FACTOR_INVALID')
          return setWrong(t('errors.twoFactorInvalid'));
        // Expired or out of tries: back to the password, which mails a new code.
        if (error instanceof ApiError && error.code === 'TWO_FACTOR_EXPIRED' && mailed) {
          setMailed(null);
          return setWrong(t('settings.twoFactor.codeExpired'));
        }
        close();
        show({ text: errorText(t, error), color: 'error', timer: TOAST_MS.long });
      },
    });

  return (
    <SettingsSection title={t('settings.twoFactor.title')} testId="settings-two-factor">
      {query.isError && <Alert severity="error">{errorText(t, query.error)}</Alert>}
      {query.isPending && <Skeleton variant="rounded" height={40} />}
      {query.data && (
        <SettingSwitch
          checked={required || (mutation.isPending ? mutation.variables.enabled : query.data.enabled)}
          label={t('settings.twoFactor.enabled')}
          help={t(required ? 'settings.twoFactor.requiredHelp' : 'settings.twoFactor.help')}
          disabled={readOnly || required || mutation.isPending}
          onChange={(enabled) => {
            if (enabled) return save({ enabled });
            setWrong(null);
            setAsking(true);
          }}
          testId="settings-two-factor-switch"
        />
      )}
      <TwoFactorOffDialog
        open={asking}
        busy={mutation.isPending}
        error={wrong}
        sentTo={mailed?.sentTo ?? null}
        onCancel={close}
        onConfirm={(password) => save({ enabled: false, password })}
        onCode={(code) =>
          mailed && save({ enabled: false, password: mailed.password, challenge: mailed.challenge, code })
        }
      />
    </SettingsSection>
  );
}
