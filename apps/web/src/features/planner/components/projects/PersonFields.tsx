// One person of a project (its manager or its inspector), picked from the client's users (issue 36): name and
// e-mail come with the user, and the user gets the rights the role gives (the inspector records the outcome).
// Someone outside the client is typed as free text instead, and has no rights in Pipewise.
import Autocomplete from '@mui/material/Autocomplete';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PlannerPersonView } from '../../api/get-people.ts';
import { peopleFor, personOf, type PersonRole } from '../../lib/people.ts';
import type { ProjectFormValues } from '../../lib/project-form.ts';
import { FormText } from '../ui/FormText.tsx';

export function PersonFields(props: {
  control: Control<ProjectFormValues>;
  setValue: UseFormSetValue<ProjectFormValues>;
  people: readonly PlannerPersonView[] | undefined;
  role: PersonRole;
}) {
  const { t } = useTranslation('planner');
  const { control, setValue, people, role } = props;
  const id = useWatch({ control, name: `${role}Id` });
  const picked = personOf(people, id);
  const options = peopleFor(role, people ?? []);
  return (
    <>
      <Typography variant="subtitle2">{t(`project.${role}`)}</Typography>
      <Controller
        control={control}
        name={`${role}Id`}
        render={({ field }) => (
          <Autocomplete
            size="small"
            options={options}
            value={picked ?? null}
            getOptionLabel={(p) => `${p.fullName} – ${p.email}`}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            {...(role === 'inspector'
              ? {
                  groupBy: (p: PlannerPersonView) =>
                    t(p.inspector ? 'project.inspectors' : 'project.otherUsers'),
                }
              : {})}
            onChange={(_, person) => {
              field.onChange(person?.id ?? null);
              setValue(`${role}Name`, person?.fullName ?? '');
              setValue(`${role}Email`, person?.email ?? '');
            }}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('project.pickUser')}
                helperText={picked ? undefined : t('project.outsideHint')}
                slotProps={{
                  ...params.slotProps,
                  htmlInput: { ...params.slotProps.htmlInput, 'data-testid': `project-${role}-pick` },
                }}
              />
            )}
          />
        )}
      />
      {!picked && (
        <Stack direction="row" spacing={1}>
          <FormText
            control={control}
            name={`${role}Name`}
            label={t('project.personName')}
            testId={`project-${role}-name`}
          />
          <FormText
            control={control}
            name={`${role}Email`}
            type="email"
            label={t('project.email')}
            testId={`project-${role}-email`}
          />
        </Stack>
      )}
    </>
  );
}
