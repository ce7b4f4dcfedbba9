// Wires the planner scenario switch (lib/switch-flow.ts) to the app: the router, the toasts (TOAST-22: info, 3 s —
// the spec gives no type or duration; the dataset switch's 'switching' toast is the same), the server and the
// cache. The queries to fetch again come from the route, which knows the datasets feature's keys.
import { TOAST_MS } from '@pipewise/domain';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useToast } from '../../../components/toast/index.ts';
import { cofScenariosQuery } from '../api/get-cof-scenarios.ts';
import { cofScenarioKeys } from '../api/keys.ts';
import { updateCofScenario } from '../api/update-cof-scenario.ts';
import { switchCofScenario } from '../lib/switch-flow.ts';
import { useCofSwitchStore } from '../state.ts';
import type { ScenarioChoice } from '../types.ts';
import { reportError } from '../../../lib/report-error.ts';

export function useCofScenarioSwitch(snapshotId: number, refetchKeys: readonly QueryKey[]) {
  const { t } = useTranslation('cof');
  const client = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { show } = useToast();
  const setSwitching = useCofSwitchStore((s) => s.setSwitchingTo);

  return useCallback(
    (target: ScenarioChoice) =>
      switchCofScenario(
        {
          goTo: (path) => void navigate(path),
          toastSwitching: (name) =>
            show({ text: t('switch.switching', { name }), color: 'info', timer: TOAST_MS.normal }),
          toastFailed: (name) =>
            show({ text: t('switch.failed', { name }), color: 'error', timer: TOAST_MS.long }),
          setSwitching,
          loadScenarios: () => client.fetchQuery({ ...cofScenariosQuery(snapshotId), staleTime: 0 }),
          setEnabled: async (id, enabled) => {
            client.setQueryData(cofScenarioKeys.detail(id), await updateCofScenario(id, { enabled }));
            // Not waited for: the list is for the pages, the flow goes on (the server can be slow to list while
            // it queues the re-run).
            void client.invalidateQueries({ queryKey: cofScenarioKeys.list(snapshotId) });
          },
          refetchDatasets: async () => {
            await Promise.all(refetchKeys.map((queryKey) => client.refetchQueries({ queryKey })));
          },
          logError: (message, err) => reportError(message, err),
        },
        target,
        // Back to the planner view the user came from (/planner/cof stays /planner/cof).
        pathname.startsWith('/planner') ? pathname : '/planner',
      ),
    [client, navigate, pathname, refetchKeys, setSwitching, show, snapshotId, t],
  );
}
