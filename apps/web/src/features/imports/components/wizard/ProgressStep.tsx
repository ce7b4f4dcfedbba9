// Step 8: the import job (GET /api/imports/{id} every second) until it succeeds or fails; a failed one can be tried
// again (issue 18), which follows the new import in its place.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DATASETS_KEY } from '../../api/get-datasets.ts';
import { useImportItem } from '../../api/get-import.ts';
import { useRetryImport } from '../../api/retry-import.ts';
import { IMPORTS_KEY } from '../../api/get-imports.ts';
import { SNAPSHOT_GROUPS_PREFIX } from '../../api/get-target-groups.ts';
import { useDisplayFormat } from '../../hooks/use-display-format.ts';
import { useImportWizard } from '../../state.ts';
import { OpenOnMapButton } from './OpenOnMapButton.tsx';

export function ProgressStep() {
  const { t } = useTranslation('data');
  const importId = useImportWizard((s) => s.importId);
  const setWizard = useImportWizard((s) => s.set);
  const retry = useRetryImport();
  const { data: item, error } = useImportItem(importId);
  const queryClient = useQueryClient();
  const { number } = useDisplayFormat();
  const status = item?.status;
  const done = status === 'succeeded' || status === 'failed';

  useEffect(() => {
    if (!done) return;
    // The lists behind /data and the shell's dataset dropdown changed with this import.
    void queryClient.invalidateQueries({ queryKey: IMPORTS_KEY });
    void queryClient.invalidateQueries({ queryKey: DATASETS_KEY });
    void queryClient.invalidateQueries({ queryKey: SNAPSHOT_GROUPS_PREFIX });
  }, [done, queryClient]);

  return (
    <Stack spacing={2} data-testid="import-progress-step" data-status={status ?? 'queued'}>
      {!done && (
        <>
          <Typography>{t(`wizard.progress.${status ?? 'queued'}`)}</Typography>
          <LinearProgress
            variant={status === 'running' ? 'determinate' : 'indeterminate'}
            value={Math.round((item?.progress ?? 0) * 100)}
            data-testid="import-progress"
          />
        </>
      )}
      {error && <Alert severity="error">{error.message}</Alert>}
      {status === 'failed' && (
        <Alert severity="error" data-testid="import-failed">
          {item?.message ?? t('wizard.progress.failedNoMessage')}
        </Alert>
      )}
      {retry.error && (
        <Alert severity="error" data-testid="import-retry-error">
          {retry.error.message}
        </Alert>
      )}
      {status === 'succeeded' && item && (
        <Alert severity="success" data-testid="import-succeeded">
          {t('wizard.progress.succeeded', {
            rows: number(item.imported ?? 0),
            skipped: number(item.skipped ?? 0),
          })}
        </Alert>
      )}
      {done && (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button component={RouterLink} to="/data" data-testid="import-back-to-data">
            {t('wizard.progress.backToData')}
          </Button>
          {status === 'failed' && importId !== null && (
            <Button
              variant="contained"
              disabled={retry.isPending}
              data-testid="import-retry"
              onClick={() =>
                retry.mutate(importId, { onSuccess: (again) => setWizard({ importId: again.id }) })
              }
            >
              {t('wizard.progress.retry')}
            </Button>
          )}
          {status === 'succeeded' && item && (
            <OpenOnMapButton groupId={item.snapshotGroupId} datasetId={item.datasetId} />
          )}
        </Stack>
      )}
    </Stack>
  );
}
