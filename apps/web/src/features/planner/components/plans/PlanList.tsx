// The plan list (PLAN-LIST-02/03): 5 per page, newest first, each with its outcome, proposal count and cost. A
// click reviews a plan; planners may delete one (confirmed).
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../../components/confirm-dialog/index.ts';
import { useDeletePlan } from '../../api/delete-plan.ts';
import { usePlans } from '../../api/get-plans.ts';
import type { PlanView } from '../../api/types.ts';
import { usePlanner } from '../../hooks/planner-context.tsx';
import { usePlannerFormat } from '../../hooks/use-planner-format.ts';
import { usePlannerStore } from '../../state.ts';
import { Pager } from '../ui/Pager.tsx';
import { PlanOutcomeChip } from './PlanOutcomeChip.tsx';

export function PlanList() {
  const { t } = useTranslation('planner');
  const { datasetId, canPlan, timeZone } = usePlanner();
  const fmt = usePlannerFormat();
  const confirm = useConfirm();
  const page = usePlannerStore((s) => s.planPage);
  const setPage = usePlannerStore((s) => s.setPlanPage);
  const openPlan = usePlannerStore((s) => s.openPlan);
  const plans = usePlans(datasetId, page);
  const remove = useDeletePlan(datasetId);

  const onDelete = async (plan: PlanView) => {
    const ok = await confirm({
      title: t('plan.deleteTitle'),
      description: t('plan.deleteText', { name: plan.name }),
      action: t('plan.delete'),
      cancel: t('common.cancel'),
    });
    if (ok) remove.mutate(plan.id);
  };

  if (plans.isPending) return <CircularProgress size={24} />;
  if (plans.isError) return <Alert severity="error">{t('plan.listFailed')}</Alert>;
  return (
    <Stack spacing={1} data-testid="plan-list">
      {plans.data.items.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('plan.empty')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {plans.data.items.map((plan) => (
            <ListItem
              key={plan.id}
              disablePadding
              data-testid="plan-item"
              secondaryAction={
                canPlan ? (
                  <IconButton
                    edge="end"
                    size="small"
                    aria-label={t('plan.delete')}
                    onClick={() => void onDelete(plan)}
                  >
                    <DeleteOutline fontSize="small" />
                  </IconButton>
                ) : undefined
              }
            >
              <ListItemButton onClick={() => openPlan(plan.id)} sx={{ pr: 6 }}>
                <ListItemText
                  primary={plan.name}
                  secondary={t('plan.line', {
                    date: fmt.moment(plan.createdAt, timeZone),
                    count: plan.proposalCount,
                    cost: fmt.money(plan.totalCost, plan.repairCostUnit.currency),
                  })}
                />
                <PlanOutcomeChip plan={plan} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
      <Pager meta={plans.data.meta} page={page} onPage={setPage} testId="plan-list" />
    </Stack>
  );
}
