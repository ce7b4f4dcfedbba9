// What a plan was asked and what it found: budget, length bounds, criterion, area; proposals, cost and risk
// removed; in small print, how it compares with the greedy baseline and what the solver proved: the best plan, a
// plan within a gap of the best, or (issue 36) a stop at its time limit with the gap it had reached by then.
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

/** What the solver proved, in words a planner can repeat (a bare "optimality gap 100 %" is not one). */
function solverText(plan: PlanView, fmt: PlannerFormat, t: TFunction): string {
  const gap = plan.optimalityGap ?? 0;
  const seconds = fmt.number((plan.solveMs ?? 0) / 1000, 1);
  if (plan.explanation?.stoppedAtTimeLimit) {
    const limit = fmt.number(plan.explanation.timeLimitS ?? 0);
    return gap >= 1
      ? t('plan.timeLimitNoBound', { limit })
      : t('plan.timeLimit', { limit, gap: fmt.percent(gap * 100, 2) });
  }
  if (gap === 0) return t('plan.proven', { seconds });
  return t('plan.gap', { gap: fmt.percent(gap * 100, 2), seconds });
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
          {gain === null
            ? t('plan.greedyOnly', { greedy: riskText(plan, plan.greedyRiskRemoved, fmt, t) })
            : t('plan.greedy', {
                greedy: riskText(plan, plan.greedyRiskRemoved, fmt, t),
                gain: fmt.percent(gain),
              })}
        </Typography>
      )}
      {plan.state === 'done' && plan.optimalityGap != null && (
        <Typography variant="caption" color="text.secondary" data-testid="plan-gap">
          {solverText(plan, fmt, t)}
        </Typography>
      )}
    </Stack>
  );
}
