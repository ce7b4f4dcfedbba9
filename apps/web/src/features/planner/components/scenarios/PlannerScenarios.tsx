// The planner scenarios of the filter pane's Planner tab (spec 000 §2/§4, 001 §2; PLAN-SCN-*): list, create with
// the default name and dates, select (filters load) / fold, rename, change dates, delete (confirmed), and save the
// map's filters into the selected one. Write actions only for planners (canPlan).
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../../components/confirm-dialog/index.ts';
import { useCreatePlannerScenario } from '../../api/create-planner-scenario.ts';
import { useDeletePlannerScenario } from '../../api/delete-planner-scenario.ts';
import { usePlannerScenarios } from '../../api/get-planner-scenarios.ts';
import { useUpdatePlannerScenario } from '../../api/update-planner-scenario.ts';
import { PlannerProvider, usePlanner } from '../../hooks/planner-context.tsx';
import { usePlannerStore } from '../../state.ts';
import { useScenarioSwitch, type ScenarioFilterBridge } from '../../hooks/use-scenario-switch.ts';
import { newScenarioDefaults } from '../../lib/scenario-rules.ts';
import type { PlannerUser } from '../../lib/viewer.ts';
import { ScenarioItem } from './ScenarioItem.tsx';
import { UnsavedChangesDialog } from './UnsavedChangesDialog.tsx';

export interface PlannerScenariosProps extends ScenarioFilterBridge {
  user: PlannerUser;
  datasetId: number;
  /** Scenarios belong to the snapshot group, as saved filters do. */
  snapshotId: number;
}

export function PlannerScenarios(props: PlannerScenariosProps) {
  return (
    <PlannerProvider user={props.user} datasetId={props.datasetId}>
      <ScenarioList {...props} />
    </PlannerProvider>
  );
}

function ScenarioList({ snapshotId, ...bridge }: PlannerScenariosProps) {
  const { t } = useTranslation('planner');
  const { canPlan, timeZone } = usePlanner();
  const confirm = useConfirm();
  const list = usePlannerScenarios(snapshotId);
  const create = useCreatePlannerScenario(snapshotId);
  const update = useUpdatePlannerScenario(snapshotId);
  const remove = useDeletePlannerScenario(snapshotId);
  const scenarios = list.data ?? [];
  const switching = useScenarioSwitch(
    snapshotId,
    bridge,
    (id) => scenarios.find((s) => s.id === id)?.savedFilters,
  );
  // A scenario of another snapshot group (after a dataset switch) counts as none selected.
  const selected = scenarios.find((s) => s.id === switching.selection.selectedId) ?? null;
  // Issue 36: the work planned while a scenario is selected takes its dates (the save step, an accepted proposal).
  const setScenarioDates = usePlannerStore((s) => s.setScenarioDates);
  const start = selected?.startDate ?? null;
  const end = selected?.endDate ?? null;
  useEffect(() => {
    setScenarioDates(start && end ? { startDate: start, endDate: end } : null);
  }, [start, end, setScenarioDates]);

  const onCreate = () => create.mutate(newScenarioDefaults(scenarios.length, new Date(), timeZone));

  const onDelete = async (id: number, name: string) => {
    const ok = await confirm({
      title: t('scenarios.deleteTitle'),
      description: t('scenarios.deleteText', { name }),
      action: t('scenarios.delete'),
      cancel: t('common.cancel'),
    });
    if (!ok) return;
    remove.mutate(id, { onSuccess: () => selected?.id === id && switching.deselect() });
  };

  return (
    <Stack spacing={1} data-testid="planner-scenarios">
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle1" component="h3" sx={{ flex: 1 }}>
          {t('scenarios.title')}
        </Typography>
        {canPlan && (
          <Button
            size="small"
            startIcon={<AddIcon />}
            onClick={onCreate}
            disabled={create.isPending}
            data-testid="scenario-create"
          >
            {t('scenarios.create')}
          </Button>
        )}
      </Stack>
      {list.isPending && <CircularProgress size={20} />}
      {list.isError && <Alert severity="error">{t('scenarios.listFailed')}</Alert>}
      {list.isSuccess && scenarios.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('scenarios.empty')}
        </Typography>
      )}
      {scenarios.map((scenario) => (
        <ScenarioItem
          key={scenario.id}
          scenario={scenario}
          selected={scenario.id === selected?.id}
          collapsed={switching.selection.collapsed}
          unsaved={bridge.unsaved}
          canPlan={canPlan}
          saving={switching.saving}
          onClick={() => switching.click(scenario.id)}
          onPatch={(patch) => update.mutate({ id: scenario.id, patch })}
          onDelete={() => void onDelete(scenario.id, scenario.name)}
          onSaveFilters={switching.saveCurrent}
        />
      ))}
      <UnsavedChangesDialog
        open={switching.pending !== null}
        scenarioName={selected?.name ?? ''}
        onChoose={(choice) => void switching.resolve(choice)}
      />
    </Stack>
  );
}
