// Wires switchDataset to the app: the toasts, the server call, the snapshot cache and the router.
import { TOAST_MS } from '@pipewise/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useToast } from '../../../components/toast/index.ts';
import type { ToastOptions } from '../../../components/toast/index.ts';
import { CURRENT_SNAPSHOT_KEY } from '../api/get-current-snapshot.ts';
import { setCurrentSnapshot } from '../api/set-current-snapshot.ts';
import { emitDatasetReset } from '../reset.ts';
import { useDatasetSelection } from '../state.ts';
import { switchDataset } from '../switch-dataset.ts';
import type { SwitchToast } from '../switch-dataset.ts';
import type { Dataset } from '../types.ts';
import { reportError } from '../../../lib/report-error.ts';

export function useSwitchDataset() {
  const { t } = useTranslation('datasets');
  const { show } = useToast();
  const client = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const setApplying = useDatasetSelection((s) => s.setApplying);

  return useCallback(
    (snapshotGroupId: number, dataset: Pick<Dataset, 'id' | 'center' | 'status' | 'name'>) => {
      // TOAST-03…06: the spec gives no type or duration for 'no centre' and 'switching'.
      const toasts: Record<SwitchToast, ToastOptions> = {
        noCenter: {
          text: t('switch.noCenter', { name: dataset.name }),
          color: 'error',
          timer: TOAST_MS.long,
        },
        processing: { text: t('switch.processing'), color: 'warning', timer: TOAST_MS.long },
        switching: {
          text: t('switch.switching', { name: dataset.name }),
          color: 'info',
          timer: TOAST_MS.normal,
        },
        switched: {
          text: t('switch.switched', { name: dataset.name }),
          color: 'success',
          timer: TOAST_MS.normal,
        },
      };
      return switchDataset(
        {
          setApplying,
          resetStores: () => emitDatasetReset('switch'),
          setCurrent: setCurrentSnapshot,
          refetchSnapshot: () =>
            client.refetchQueries({ queryKey: CURRENT_SNAPSHOT_KEY }, { throwOnError: true }),
          toast: (kind) => show(toasts[kind]),
          // The planner is a map page too: a user switching network there stays in the planner (issue 39's programme
          // view included), as on /map/<view>.
          goToMap: () => {
            if (!pathname.startsWith('/map') && !pathname.startsWith('/planner')) void navigate('/map');
          },
          logError: (message, err) => reportError(message, err),
        },
        snapshotGroupId,
        dataset,
      );
    },
    [client, navigate, pathname, setApplying, show, t],
  );
}
