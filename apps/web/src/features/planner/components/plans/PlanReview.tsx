// Step 4, review proposals (TBD-10): progress while the plan's job runs; then its summary and proposals, or why it
// could not be made (PLAN-PLAN-03; the TBD-15 dialog), or the job's error; a done plan can be set beside another
// plan or the active projects (issue 36).
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { usePlan } from '../../api/get-plan.ts';
import { useProposals } from '../../api/get-proposals.ts';
import { usePlanner } from '../../hooks/planner-context.tsx';
import { planOutcome } from '../../lib/plan-outcome.ts';
import { usePlannerStore } from '../../state.ts';
import { PlanCompare } from './PlanCompare.tsx';
import { PlanOutcomeChip } from './PlanOutcomeChip.tsx';
import { PlanProblemDialog } from './PlanProblemDialog.tsx';
import { PlanSummary } from './PlanSummary.tsx';
import { ProposalList } from './ProposalList.tsx';

export function PlanReview() {
  const { t } = useTranslation('planner');
  const { datasetId } = usePlanner();
  const planId = usePlannerStore((s) => s.currentPlanId);
  const popup = usePlannerStore((s) => s.generatePopup);
  const setPopup = usePlannerStore((s) => s.setGeneratePopup);
  const setStep = usePlannerStore((s) => s.setStep);
  const plan = usePlan(planId, datasetId);
  const outcome = plan.data ? planOutcome(plan.data) : null;
  const proposals = useProposals(planId, plan.data?.state === 'done');

  if (planId === null) return <Typography variant="body2">{t('plan.none')}</Typography>;
  if (plan.isError) return <Alert severity="error">{t('plan.loadFailed')}</Alert>;
  if (!plan.data) return <LinearProgress />;
  const data = plan.data;
  return (
    <Stack spacing={1.5} data-testid="plan-review" data-outcome={outcome} data-plan-id={data.id}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle1" component="h3" sx={{ flex: 1, fontWeight: 600 }}>
          {data.name}
        </Typography>
        <PlanOutcomeChip plan={data} />
      </Stack>
      {outcome === 'running' && (
        <Stack spacing={0.5} data-testid="plan-progress">
          <LinearProgress />
          <Typography variant="body2" color="text.secondary">
            {t(data.state === 'queued' ? 'plan.queued' : 'plan.running')}
          </Typography>
        </Stack>
      )}
      <PlanSummary plan={data} />
      {outcome === 'failed' && (
        <Alert severity="error">{t('plan.failed', { error: data.error ?? '' })}</Alert>
      )}
      {(outcome === 'lowBudget' || outcome === 'outRanged') && (
        <>
          <Alert
            severity="warning"
            action={
              <Button size="small" onClick={() => setPopup(true)}>
                {t('problem.why')}
              </Button>
            }
          >
            {t(`problem.${outcome}Title`)}
          </Alert>
          <PlanProblemDialog
            plan={data}
            open={popup}
            onClose={() => setPopup(false)}
            onChange={() => {
              setPopup(false);
              setStep('generate');
            }}
          />
        </>
      )}
      {outcome === 'success' && proposals.data && <ProposalList plan={data} proposals={proposals.data} />}
      {outcome === 'success' && <PlanCompare plan={data} />}
      {outcome === 'success' && proposals.isError && (
        <Alert severity="error">{t('proposals.loadFailed')}</Alert>
      )}
    </Stack>
  );
}
