// /data/unavailable: where the noData guard sends every page but /home while there is no dataset. Users who
// may import are offered the way out.
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import { Button, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { ImportDataButton } from '../../features/imports/index.ts';

export function DataUnavailablePage() {
  const { t } = useTranslation('shell');
  return (
    <div data-testid="data-unavailable">
      <EmptyState
        title={t('pages.dataUnavailable.title')}
        description={t('pages.dataUnavailable.description')}
        icon={<CloudOffOutlined />}
      >
        <Stack direction="row" spacing={1}>
          <ImportDataButton />
          <Button component={RouterLink} to="/home" variant="outlined">
            {t('pages.dataUnavailable.toDashboard')}
          </Button>
        </Stack>
      </EmptyState>
    </div>
  );
}
