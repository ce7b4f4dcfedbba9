// Profile: name, phone, zip code and country → PATCH /api/user/information with only the
// changed fields (ACC-USER-02). The zip code rule follows the chosen country (FMT-RULE-06/07).
import Grid from '@mui/material/Grid';
import { COUNTRIES, TOAST_MS } from '@pipewise/domain';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/index.ts';
import type { CurrentUser } from '../../session/index.ts';
import { useUpdateUserInformation } from '../api/update-user-information.ts';
import type { UserInformationInput } from '../api/update-user-information.ts';
import { changedFields } from '../lib/changed-fields.ts';
import { errorText } from '../lib/error-text.ts';
import { ruleResolver } from '../lib/form-resolver.ts';
import { profileSchema } from '../lib/schemas.ts';
import type { ProfileForm } from '../lib/schemas.ts';
import { applyServerErrors } from '../lib/server-errors.ts';
import { FormSelect } from './FormSelect.tsx';
import { FormTextField } from './FormTextField.tsx';
import { SettingsForm } from './SettingsForm.tsx';
import { SettingsSection } from './SettingsSection.tsx';

type Country = ProfileForm['country'];

function profileOf(user: CurrentUser): ProfileForm {
  const country = (COUNTRIES as readonly string[]).includes(user.country) ? (user.country as Country) : 'US';
  return { fullName: user.fullName, phone: user.phone ?? '', zipCode: user.zipCode ?? '', country };
}

export function ProfileSection({ user, readOnly }: { user: CurrentUser; readOnly: boolean }) {
  const { t } = useTranslation('account');
  const { show } = useToast();
  const mutation = useUpdateUserInformation();
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(() => profileOf(user));
  const { control, handleSubmit, setError, reset, trigger, getValues, formState } = useForm<ProfileForm>({
    resolver: ruleResolver(profileSchema),
    defaultValues: saved,
  });
  const country = useWatch({ control, name: 'country' });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    // Only phone and zip code may become null; the schema keeps fullName non-empty.
    const patch = changedFields(saved, values, ['phone', 'zipCode']) as UserInformationInput;
    if (Object.keys(patch).length === 0) return;
    try {
      const user = await mutation.mutateAsync(patch);
      const next = profileOf(user);
      setSaved(next);
      reset(next);
      show({ text: t('settings.saved'), color: 'success', timer: TOAST_MS.normal });
    } catch (error) {
      const fields = ['fullName', 'phone', 'zipCode', 'country'] as const;
      if (!applyServerErrors(error, setError, fields, (key) => t(key))) setFailure(errorText(t, error));
    }
  });

  const countries = COUNTRIES.map((c) => ({ value: c, label: t(`countries.${c}`) }));
  // A zip code valid for the old country may not be for the new one: re-check it at once.
  const recheckZip = () => {
    if (getValues('zipCode')) void trigger('zipCode');
  };

  return (
    <SettingsSection
      title={t('settings.profile.title')}
      description={t('settings.profile.description')}
      testId="settings-profile"
    >
      <SettingsForm
        testId="settings-profile"
        onSubmit={onSubmit}
        failure={failure}
        pending={mutation.isPending}
        canSave={!readOnly && formState.isDirty}
      >
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            name="fullName"
            label={t('fields.fullName')}
            autoComplete="name"
            required
            disabled={readOnly}
            testId="settings-full-name"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            name="phone"
            type="tel"
            label={t('fields.phone')}
            helperText={t('settings.profile.phoneHint')}
            autoComplete="tel"
            disabled={readOnly}
            testId="settings-phone"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormSelect
            control={control}
            name="country"
            label={t('fields.country')}
            options={countries}
            disabled={readOnly}
            onChanged={recheckZip}
            testId="settings-country"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            name="zipCode"
            label={t('fields.zipCode')}
            helperText={t(country === 'JP' ? 'settings.profile.zipHintJp' : 'settings.profile.zipHint')}
            autoComplete="postal-code"
            disabled={readOnly}
            testId="settings-zip-code"
          />
        </Grid>
      </SettingsForm>
    </SettingsSection>
  );
}
