// The planner's steps (TBD-10): manage → select area/pipes → generate plan → review proposals → save project. A
// step can be gone back to, or forward to once what it needs exists (a plan to review, something to save).
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import { useTranslation } from 'react-i18next';
import { usePlanner } from '../../hooks/planner-context.tsx';
import { PLANNER_STEPS, usePlannerStore, type PlannerStep } from '../../state.ts';

export function PlannerStepper() {
  const { t } = useTranslation('planner');
  const { canPlan } = usePlanner();
  const step = usePlannerStore((s) => s.step);
  const setStep = usePlannerStore((s) => s.setStep);
  const hasPlan = usePlannerStore((s) => s.currentPlanId !== null);
  const hasDraft = usePlannerStore((s) => s.draft !== null);
  const reachable: Record<PlannerStep, boolean> = {
    manage: true,
    area: true,
    generate: canPlan,
    review: hasPlan,
    save: hasDraft && canPlan,
  };
  const active = PLANNER_STEPS.indexOf(step);
  return (
    <Stepper
      nonLinear
      alternativeLabel
      activeStep={active}
      // MUI's StepButton widens itself into its neighbours (padding 16 px, margin −16 px) so its ripple covers the
      // label: with alternative labels each label was wider than its step and, in French or Japanese, ran into the
      // next one and to the pane's edge. Each label now wraps within its own step, inside the pane's padding.
      sx={{ py: 1, px: 1 }}
      data-testid="planner-stepper"
      data-step={step}
    >
      {PLANNER_STEPS.map((name, index) => (
        <Step key={name} completed={index < active}>
          <StepButton
            disabled={!reachable[name]}
            onClick={() => setStep(name)}
            data-testid={`planner-step-${name}`}
            sx={{
              m: 0,
              px: 0.5,
              py: 1,
              boxSizing: 'border-box',
              '& .MuiStepLabel-label': { fontSize: '0.7rem' },
            }}
          >
            {t(`steps.${name}`)}
          </StepButton>
        </Step>
      ))}
    </Stepper>
  );
}
