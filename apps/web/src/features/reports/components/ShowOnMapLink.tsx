// From a report to the map view that colours the network by the same figure.
import MapOutlined from '@mui/icons-material/MapOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

export function ShowOnMapLink({ view }: { view: string }) {
  const { t } = useTranslation('reports');
  return (
    <Button
      component={RouterLink}
      to={`/map/${view}`}
      startIcon={<MapOutlined />}
      data-testid="report-show-on-map"
    >
      {t('actions.showOnMap')}
    </Button>
  );
}
