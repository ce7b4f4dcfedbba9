// One person of a project (its manager or its inspector): a heading, then name and e-mail side by side.
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ProjectFormValues } from '../../lib/project-form.ts';
import { FormText } from '../ui/FormText.tsx';

export function PersonFields(props: { control: Control<ProjectFormValues>; role: 'manager' | 'inspector' }) {
  const { t } = useTranslation('planner');
  const { control, role } = props;
  return (
    <>
      <Typography variant="subtitle2">{t(`project.${role}`)}</Typography>
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
    </>
  );
}
