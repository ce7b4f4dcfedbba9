// DATA-SW-08: without data (no groups, or the current snapshot failed) the map area says so instead of a map.
import MapOutlined from '@mui/icons-material/MapOutlined';
import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ComingSoon } from '../../components/coming-soon/ComingSoon.tsx';

export function MapNoData() {
  const { t } = useTranslation('datasets');
  return (
    <ComingSoon
      title={t('map.noDataTitle')}
      description={t('map.noData')}
      icon={<MapOutlined />}
      badge={false}
    >
      <Button component={RouterLink} to="/data" variant="contained" data-testid="map-no-data">
        {t('map.goToData')}
      </Button>
    </ComingSoon>
  );
}
