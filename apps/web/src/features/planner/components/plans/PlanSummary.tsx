// What a plan was asked and what it found: budget, length bounds, criterion, area; proposals, cost and risk
// removed; in small print, how it compares with the greedy baseline and the solver's optimality gap.
import type { TFunction } from 'i18next';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { PlanView } from '../../api/types.ts';
import { usePlannerFormat, type PlannerFormat } from '../../hooks/use-planner-format.ts';
import { gainOverGreedy } from '../../lib/plan-outcome.ts';
import type { Pairs } from '../../lib/project-report.ts';
import { PairList } from '../ui/PairList.tsx';

/** Risk in the plan's criterion: LOF sums to expected failures in 12 months, BRE is money. */
export function riskText(plan: PlanView, value: number | null | undefined, fmt: PlannerFormat, t: TFunction) {
  if (value == null) return fmt.na;
  return plan.input.riskCriteria === 'bre'
    ? fmt.money(value, plan.repairCostUnit.currency)
    : t('plan.expectedFailures', { value: fmt.number(value, 2) });
}

export function PlanSummary({ plan }: { plan: PlanView }) {
  const { t } = useTranslation('planner');
  const fmt = usePlannerFormat();
  const currency = plan.repairCostUnit.currency;
  const pairs: Pairs = [
    [t('auto.budget'), fmt.money(plan.input.budget, currency)],
    [
      t('plan.lengths'),
      t('plan.lengthRange', {
        min: fmt.length(plan.input.minLengthM),
        max: fmt.length(plan.input.maxLengthM),
      }),
    ],
    [t('risk.label'), t(`risk.${plan.input.riskCriteria}`)],
    [t('area.label'), plan.input.wholeSnapshot ? t('area.whole') : t('area.drawn')],
  ];
  if (plan.state === 'done') {
    pairs.push(
      [t('plan.proposals'), fmt.number(plan.proposalCount)],
      [t('plan.totalCost'), fmt.money(plan.totalCost, currency)],
      [t('plan.riskRemoved'), riskText(plan, plan.riskRemoved, fmt, t)],
    );
  }
  const booked = plan.explanation?.pipesBooked ?? 0;
  const gain = gainOverGreedy(plan);
  return (
    <Stack spacing={0.5} data-testid="plan-summary">
      <PairList pairs={pairs} testId="plan-facts" />
      {plan.state === 'done' && booked > 0 && (
        <Typography variant="caption" color="text.secondary" data-testid="plan-booked">
          {t(plan.input.includeBooked ? 'booked.included' : 'booked.leftOut', { count: booked })}
        </Typography>
      )}
      {plan.state === 'done' && plan.greedyRiskRemoved != null && (
        <Typography variant="caption" color="text.secondary" data-testid="plan-greedy">
          {t('plan.greedy', {
            greedy: riskText(plan, plan.greedyRiskRemoved, fmt, t),
            gain: gain === null ? fmt.na : fmt.percent(gain),
          })}
        </Typography>
      )}
      {plan.state === 'done' && plan.optimalityGap != null && (
        <Typography variant="caption" color="text.secondary" data-testid="plan-gap">
          {t('plan.gap', {
            gap: fmt.percent(plan.optimalityGap * 100, 2),
            seconds: fmt.number((plan.solveMs ?? 0) / 1000, 1),
          })}
        </Typography>
      )}
    </Stack>
  );
}
