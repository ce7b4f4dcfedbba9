// TBD-15: a plan that could not be made says why and what to change — raise the budget to at least the cheapest
// project's cost, or lower the minimum length to at most the longest run of pipes (from plan.explanation).
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import type { PlanView } from '../../api/types.ts';
import { usePlannerFormat } from '../../hooks/use-planner-format.ts';
import { planAdvice, planOutcome } from '../../lib/plan-outcome.ts';

export function PlanProblemDialog(props: {
  plan: PlanView;
  open: boolean;
  onClose: () => void;
  onChange: () => void;
}) {
  const { t } = useTranslation('planner');
  const fmt = usePlannerFormat();
  const { plan } = props;
  const advice = planAdvice(plan);
  if (!advice) return null;
  const outcome = planOutcome(plan);
  const text = (() => {
    switch (advice.kind) {
      case 'raiseBudget':
        return t('problem.raiseBudget', {
          budget: fmt.money(plan.input.budget, plan.repairCostUnit.currency),
          atLeast: fmt.money(advice.atLeast, plan.repairCostUnit.currency),
        });
      case 'lowerMinLength':
        return t('problem.lowerMinLength', {
          min: fmt.length(plan.input.minLengthM),
          atMost: fmt.length(advice.atMostM),
        });
      case 'lowBudget':
        return t('problem.lowBudget');
      case 'outRanged':
        return t('problem.outRanged');
    }
  })();
  return (
    <Dialog open={props.open} onClose={props.onClose} data-testid="plan-problem" data-outcome={outcome}>
      <DialogTitle>
        {t(`problem.${outcome === 'lowBudget' ? 'lowBudgetTitle' : 'outRangedTitle'}`)}
      </DialogTitle>
      <DialogContent>
        <DialogContentText data-testid="plan-problem-text">{text}</DialogContentText>
        {plan.explanation && plan.explanation.pipesUncosted > 0 && (
          <DialogContentText variant="body2" sx={{ mt: 1 }}>
            {t('problem.uncosted', { count: plan.explanation.pipesUncosted })}
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('common.close')}</Button>
        <Button variant="contained" onClick={props.onChange} data-testid="plan-problem-change">
          {t('problem.change')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
