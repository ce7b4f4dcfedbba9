// /data/unavailable: where the noData guard sends every page but /home while there is no dataset.
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ComingSoon } from '../../components/coming-soon/ComingSoon.tsx';

export function DataUnavailablePage() {
  const { t } = useTranslation('shell');
  return (
    <div data-testid="data-unavailable">
      <ComingSoon
        title={t('pages.dataUnavailable.title')}
        description={t('pages.dataUnavailable.description')}
        icon={<CloudOffOutlined />}
        badge={false}
      >
        <Button component={RouterLink} to="/home" variant="contained">
          {t('pages.dataUnavailable.toDashboard')}
        </Button>
      </ComingSoon>
    </div>
  );
}
