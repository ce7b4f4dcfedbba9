// Makes the imported dataset the user's current one (GET /api/snapshots/set-current), then opens the map.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSetCurrentSnapshot } from '../../api/set-current-snapshot.ts';

export function OpenOnMapButton({
  groupId,
  datasetId,
}: {
  groupId: number | null;
  datasetId: number | null;
}) {
  const { t } = useTranslation('data');
  const navigate = useNavigate();
  const setCurrent = useSetCurrentSnapshot();
  if (groupId == null || datasetId == null) return null;
  return (
    <>
      {setCurrent.isError && <Alert severity="error">{setCurrent.error.message}</Alert>}
      <Button
        variant="contained"
        disabled={setCurrent.isPending}
        data-testid="import-open-map"
        onClick={() => setCurrent.mutate({ groupId, datasetId }, { onSuccess: () => void navigate('/map') })}
      >
        {t('wizard.progress.openMap')}
      </Button>
    </>
  );
}
