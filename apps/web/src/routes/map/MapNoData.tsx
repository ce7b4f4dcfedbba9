// DATA-SW-08: without data (no groups, or the current snapshot failed) the map area says so instead of a map.
import MapOutlined from '@mui/icons-material/MapOutlined';
import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';

export function MapNoData() {
  const { t } = useTranslation('datasets');
  return (
    <EmptyState title={t('map.noDataTitle')} description={t('map.noData')} icon={<MapOutlined />}>
      <Button component={RouterLink} to="/data" variant="contained" data-testid="map-no-data">
        {t('map.goToData')}
      </Button>
    </EmptyState>
  );
}
