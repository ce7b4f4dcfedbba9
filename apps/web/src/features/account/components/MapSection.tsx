// Map: the grid setting (PUT /api/user/application-settings, ACC-USER-05). With the grid on,
// assets can only be selected at or above the grid zoom threshold (spec 000 §4).
import { TOAST_MS } from '@pipewise/domain';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/index.ts';
import type { CurrentUser } from '../../session/index.ts';
import { useUpdateApplicationSettings } from '../api/update-application-settings.ts';
import { errorText } from '../lib/error-text.ts';
import { SettingSwitch } from './SettingSwitch.tsx';
import { SettingsSection } from './SettingsSection.tsx';

export function MapSection({ user, readOnly }: { user: CurrentUser; readOnly: boolean }) {
  const { t } = useTranslation('account');
  const { show } = useToast();
  const mutation = useUpdateApplicationSettings();

  const save = (grid: boolean) =>
    mutation.mutate(
      { grid },
      {
        onSuccess: () => show({ text: t('settings.saved'), color: 'success', timer: TOAST_MS.normal }),
        onError: (error) => show({ text: errorText(t, error), color: 'error', timer: TOAST_MS.long }),
      },
    );

  return (
    <SettingsSection title={t('settings.map.title')} testId="settings-map">
      <SettingSwitch
        checked={mutation.isPending ? mutation.variables.grid : user.settings.grid}
        label={t('settings.map.grid')}
        help={t('settings.map.gridHelp')}
        disabled={readOnly || mutation.isPending}
        onChange={save}
        testId="settings-grid"
      />
    </SettingsSection>
  );
}
