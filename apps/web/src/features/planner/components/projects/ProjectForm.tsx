// The project form (create and edit; spec 001 §3, TBD-13 rules in lib/project-form.ts): name, description, dates,
// budget, manager and inspector, and the d1–d6 repair costs.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import { currencyDecimals } from '@pipewise/domain';
import { useMemo, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { usePlannerPeople } from '../../api/get-people.ts';
import type { RepairCostUnitView } from '../../api/types.ts';
import { usePlanner } from '../../hooks/planner-context.tsx';
import { plannerResolver } from '../../lib/form-resolver.ts';
import { projectFormSchema, type ProjectFormValues } from '../../lib/project-form.ts';
import { FormText } from '../ui/FormText.tsx';
import { PersonFields } from './PersonFields.tsx';
import { RepairCostFields } from './RepairCostFields.tsx';

export interface ProjectFormProps {
  defaultValues: ProjectFormValues;
  costUnit: RepairCostUnitView | undefined;
  submitLabel: string;
  busy: boolean;
  error: string | null;
  onSubmit: (values: ProjectFormValues) => void;
  onCancel: () => void;
  /** Above the fields: what the project is made of. */
  summary?: ReactNode;
}

export function ProjectForm(props: ProjectFormProps) {
  const { t } = useTranslation(['planner', 'validations']);
  const { currency, datasetId } = usePlanner();
  const people = usePlannerPeople(datasetId);
  const resolver = useMemo(() => plannerResolver(projectFormSchema, t), [t]);
  const { control, handleSubmit, setValue } = useForm<ProjectFormValues>({
    defaultValues: props.defaultValues,
    resolver,
    mode: 'onTouched',
  });
  const money = props.costUnit?.currency ?? currency;

  return (
    <Stack
      component="form"
      spacing={1.5}
      noValidate
      sx={{ pt: 1 }}
      onSubmit={(e) => void handleSubmit(props.onSubmit)(e)}
      data-testid="project-form"
    >
      {props.summary}
      <FormText control={control} name="name" label={t('project.name')} testId="project-name" required />
      <FormText
        control={control}
        name="description"
        label={t('project.description')}
        testId="project-description"
        multiline
      />
      <Stack direction="row" spacing={1}>
        <FormText
          control={control}
          name="startDate"
          type="date"
          label={t('project.startDate')}
          testId="project-start"
          required
          deps={['endDate']}
        />
        <FormText
          control={control}
          name="endDate"
          type="date"
          label={t('project.endDate')}
          testId="project-end"
          required
        />
      </Stack>
      <FormText
        control={control}
        name="budget"
        label={t('project.budget')}
        testId="project-budget"
        numeric
        decimals={currencyDecimals(money)}
        end={<InputAdornment position="end">{money}</InputAdornment>}
      />
      <PersonFields control={control} setValue={setValue} people={people.data} role="manager" />
      <PersonFields control={control} setValue={setValue} people={people.data} role="inspector" />
      <RepairCostFields control={control} unit={props.costUnit} />
      {props.error && <Alert severity="error">{props.error}</Alert>}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={props.onCancel}>{t('common.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={props.busy} data-testid="project-submit">
          {props.submitLabel}
        </Button>
      </Stack>
    </Stack>
  );
}
