// Language & region → PUT /api/user/language-timezone (ACC-USER-03), then the saved language
// is applied to the UI, map and dates (ACC-LANG-03). applyLanguage rather than useLanguage's
// setLanguage: that one PUTs again with the time zone it had cached, undoing a new time zone.
import Grid from '@mui/material/Grid';
import { LANGUAGES, LOCALE_BY_LANGUAGE, TOAST_MS } from '@pipewise/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/index.ts';
import { applyLanguage } from '../../language/index.ts';
import type { CurrentUser } from '../../session/index.ts';
import { useUpdateLanguageTimezone } from '../api/update-language-timezone.ts';
import { errorText } from '../lib/error-text.ts';
import { LANGUAGE_NAMES } from '../lib/language-names.ts';
import { ruleResolver } from '../lib/form-resolver.ts';
import { languageRegionSchema } from '../lib/schemas.ts';
import type { LanguageRegionForm } from '../lib/schemas.ts';
import { applyServerErrors } from '../lib/server-errors.ts';
import { FormSelect } from './FormSelect.tsx';
import { SettingsForm } from './SettingsForm.tsx';
import { SettingsSection } from './SettingsSection.tsx';
import { TimeZoneField } from './TimeZoneField.tsx';

function regionOf(user: CurrentUser): LanguageRegionForm {
  const { segment, diameter, segmentLarge } = user.units.user;
  return { language: user.language, timeZone: user.timeZone, segment, diameter, segmentLarge };
}

export function LanguageRegionSection({ user, readOnly }: { user: CurrentUser; readOnly: boolean }) {
  const { t } = useTranslation('account');
  const { show } = useToast();
  const mutation = useUpdateLanguageTimezone();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError, reset, formState } = useForm<LanguageRegionForm>({
    resolver: ruleResolver(languageRegionSchema),
    defaultValues: regionOf(user),
  });

  const onSubmit = handleSubmit(async ({ language, timeZone, segment, diameter, segmentLarge }) => {
    setFailure(null);
    // The locale follows the language unless the language stays (then keep e.g. en-GB).
    const locale = language === user.language ? user.locale : LOCALE_BY_LANGUAGE[language];
    try {
      const saved = await mutation.mutateAsync({
        timeZone,
        locale,
        language,
        units: { segment, diameter, segmentLarge },
      });
      reset({ language: saved.language, timeZone: saved.timeZone, ...saved.units.user });
      await applyLanguage(saved.language);
      show({ text: t('settings.saved'), color: 'success', timer: TOAST_MS.normal });
    } catch (error) {
      const fields = ['language', 'timeZone'] as const;
      if (!applyServerErrors(error, setError, fields, (key) => t(key))) setFailure(errorText(t, error));
    }
  });

  const languages = LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }));
  const opt = (values: readonly string[]) => values.map((v) => ({ value: v, label: t(`units.${v}`) }));

  return (
    <SettingsSection
      title={t('settings.region.title')}
      description={t('settings.region.description')}
      testId="settings-region"
    >
      <SettingsForm
        testId="settings-region"
        onSubmit={onSubmit}
        failure={failure}
        pending={mutation.isPending}
        canSave={!readOnly && formState.isDirty}
      >
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormSelect
            control={control}
            name="language"
            label={t('fields.language')}
            options={languages}
            disabled={readOnly}
            testId="settings-language"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TimeZoneField
            control={control}
            label={t('fields.timeZone')}
            disabled={readOnly}
            initial={user.timeZone}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormSelect
            control={control}
            name="segment"
            label={t('fields.lengthUnit')}
            options={opt(['m', 'ft'])}
            disabled={readOnly}
            testId="settings-unit-length"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormSelect
            control={control}
            name="diameter"
            label={t('fields.diameterUnit')}
            options={opt(['mm', 'in'])}
            disabled={readOnly}
            testId="settings-unit-diameter"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormSelect
            control={control}
            name="segmentLarge"
            label={t('fields.distanceUnit')}
            options={opt(['km', 'mi'])}
            disabled={readOnly}
            testId="settings-unit-distance"
          />
        </Grid>
      </SettingsForm>
    </SettingsSection>
  );
}
