// Step 5, save the project (TBD-10): the project form for what the earlier steps chose — a drawn area, pipes, or a
// plan's proposal (then the proposal is accepted with these fields). The map is captured with it as a small PNG.
// A pipe already in another active project (409 PIPE_BOOKED, issue 36) is named with its project, and a drawn or
// picked project can be saved without those pipes.
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { TOAST_MS, defaultPlannerDates } from '@pipewise/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../components/toast/index.ts';
import { ApiError, type ApiBookedPipe } from '../../../../lib/api-client.ts';
import { useProjectDefaults } from '../../api/get-project-defaults.ts';
import { usePlanner } from '../../hooks/planner-context.tsx';
import { useSaveDraft } from '../../hooks/use-save-draft.ts';
import { errorText } from '../../lib/error-text.ts';
import { newProjectValues, type ProjectFormValues } from '../../lib/project-form.ts';
import { usePlannerStore } from '../../state.ts';
import { BookedPipesAlert } from '../ui/BookedPipesAlert.tsx';
import { ProjectForm } from './ProjectForm.tsx';

export function SaveStep() {
  const { t } = useTranslation('planner');
  const { datasetId, timeZone } = usePlanner();
  const draft = usePlannerStore((s) => s.draft);
  const scenarioDates = usePlannerStore((s) => s.scenarioDates);
  const setStep = usePlannerStore((s) => s.setStep);
  const projectSaved = usePlannerStore((s) => s.projectSaved);
  const defaults = useProjectDefaults(datasetId);
  const saving = useSaveDraft();
  const [error, setError] = useState<string | null>(null);
  const [booked, setBooked] = useState<{ pipes: ApiBookedPipe[]; values: ProjectFormValues } | null>(null);
  const [leftOut, setLeftOut] = useState<readonly number[]>([]);

  if (!draft) return <Typography variant="body2">{t('save.nothing')}</Typography>;
  if (defaults.isPending) return <CircularProgress size={24} />;

  // Issue 36: the selected scenario's dates; without one, spec 001 §5's today to a week later in the user's zone.
  const today = defaultPlannerDates(new Date(), timeZone);
  const dates = scenarioDates
    ? { start_date: scenarioDates.startDate, end_date: scenarioDates.endDate }
    : today;
  const initial = newProjectValues(
    {
      name: draft.name ?? t('save.defaultName', { date: dates.start_date }),
      startDate: dates.start_date,
      endDate: dates.end_date,
      budget: draft.budget ?? null,
    },
    defaults.data,
  );
  const count = draft.pipeIds?.length ?? 0;

  const save = async (values: ProjectFormValues, leaveOut = leftOut) => {
    setError(null);
    setBooked(null);
    try {
      const project = await saving.save(draft, values, leaveOut);
      toast.show({ text: t('save.saved', { name: project.name }), color: 'success', timer: TOAST_MS.normal });
      projectSaved(project.id);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'PIPE_BOOKED')
        setBooked({ pipes: err.booked ?? [], values });
      else setError(errorText(t, err));
    }
  };
  const leaveOutAndSave = (pipes: readonly ApiBookedPipe[], values: ProjectFormValues) => {
    const next = [...new Set([...leftOut, ...pipes.map((p) => p.pipeId)])];
    setLeftOut(next);
    void save(values, next);
  };

  return (
    <ProjectForm
      defaultValues={initial}
      costUnit={defaults.data?.repairCostUnit}
      submitLabel={t('save.submit')}
      busy={saving.busy}
      error={error}
      onCancel={() => setStep(draft.proposalId !== undefined ? 'review' : 'area')}
      onSubmit={(values) => void save(values)}
      summary={
        <>
          <Alert severity="info" data-testid="save-source">
            {count > 0 ? t('save.fromPipes', { count: count - leftOut.length }) : t('save.fromArea')}
          </Alert>
          {booked && (
            <BookedPipesAlert
              booked={booked.pipes}
              busy={saving.busy}
              {...(draft.proposalId === undefined && booked.pipes.length > 0
                ? { onLeaveOut: () => leaveOutAndSave(booked.pipes, booked.values) }
                : {})}
            />
          )}
        </>
      }
    />
  );
}
