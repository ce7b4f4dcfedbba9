// A plan's state and result (PLAN-PLAN-02/03) as a chip.
import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { PlanView } from '../../api/types.ts';
import { planOutcome, type PlanOutcome } from '../../lib/plan-outcome.ts';

const COLORS: Record<PlanOutcome, ChipProps['color']> = {
  running: 'info',
  success: 'success',
  lowBudget: 'warning',
  outRanged: 'warning',
  failed: 'error',
};

export function PlanOutcomeChip({ plan }: { plan: PlanView }) {
  const { t } = useTranslation('planner');
  const outcome = planOutcome(plan);
  return (
    <Chip
      size="small"
      color={COLORS[outcome]}
      label={t(`plan.outcome.${outcome}`)}
      data-testid="plan-outcome"
      data-outcome={outcome}
    />
  );
}
