// The planner's viewer and dataset for every component under the panel or the scenario list, without threading
// them through each level.
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { plannerViewer, type PlannerUser, type PlannerViewer } from '../lib/viewer.ts';
import { syncPlannerDataset } from '../state.ts';

export interface PlannerContextValue extends PlannerViewer {
  datasetId: number;
}

const PlannerContext = createContext<PlannerContextValue | null>(null);

export function PlannerProvider(props: { user: PlannerUser; datasetId: number; children: ReactNode }) {
  const { i18n } = useTranslation();
  const { user, datasetId } = props;
  useEffect(() => syncPlannerDataset(datasetId), [datasetId]);
  const value = useMemo(
    () => ({ ...plannerViewer(user, i18n.language), datasetId }),
    [user, i18n.language, datasetId],
  );
  return <PlannerContext value={value}>{props.children}</PlannerContext>;
}

export function usePlanner(): PlannerContextValue {
  const value = useContext(PlannerContext);
  if (!value) throw new Error('usePlanner outside PlannerProvider');
  return value;
}
