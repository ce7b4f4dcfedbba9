// The lock/set-view map control (CTRL-02…05): after Cancel/Continue, saves the current view as the dataset's
// default (PUT set-view) and confirms with 'default view set' (success, 5 s).
import LockOutlined from '@mui/icons-material/LockOutlined';
import { IconButton, Paper, Tooltip } from '@mui/material';
import { can, TOAST_MS } from '@pipewise/domain';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/confirm-dialog/index.ts';
import { useToast } from '../../../components/toast/index.ts';
import { useCurrentUser } from '../../session/index.ts';
import { useCurrentSnapshot } from '../api/get-current-snapshot.ts';
import { useSetDatasetView } from '../api/set-view.ts';
import type { DatasetView } from '../api/set-view.ts';
import { sameView } from '../view.ts';
import { reportError } from '../../../lib/report-error.ts';

export function SetViewButton({ view }: { view: DatasetView | null }) {
  const { t } = useTranslation('datasets');
  const { data: user } = useCurrentUser();
  const { data: snapshot } = useCurrentSnapshot();
  const confirm = useConfirm();
  const { show } = useToast();
  const setView = useSetDatasetView();
  const dataset = snapshot?.dataset;
  if (!dataset || !user || !can(user, 'editFilters')) return null;

  const unchanged = !view || sameView(view, dataset);
  const save = async () => {
    if (!view) return;
    const ok = await confirm({
      title: t('setView.title'),
      description: t('setView.description', { name: dataset.name }),
      action: t('setView.continue'),
      cancel: t('setView.cancel'),
    });
    if (!ok) return;
    try {
      await setView.mutateAsync({ datasetId: dataset.id, view });
      show({ text: t('setView.done'), color: 'success', timer: TOAST_MS.long });
    } catch (err) {
      reportError('Setting the default view failed', err);
      show({ text: t('setView.failed'), color: 'error', timer: TOAST_MS.long });
    }
  };

  return (
    <Paper elevation={3} sx={{ borderRadius: 1 }}>
      <Tooltip title={t('setView.tooltip')} placement="right">
        <span>
          <IconButton
            size="small"
            aria-label={t('setView.tooltip')}
            data-testid="map-set-view"
            disabled={unchanged || setView.isPending}
            onClick={() => void save()}
          >
            <LockOutlined fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </Paper>
  );
}
