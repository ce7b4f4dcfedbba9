// /map and /map/{view}, /planner and /planner/{view}. The map itself (MapLibre) arrives in the next
// release; the route, its view validation and the shell around it are real.
import MapOutlined from '@mui/icons-material/MapOutlined';
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ComingSoon } from '../../components/coming-soon/ComingSoon.tsx';

function MapArea({ planner }: { planner: boolean }) {
  const { t } = useTranslation('shell');
  const { view } = useParams();
  return (
    <ComingSoon
      title={planner ? t('pages.planner.title') : t('pages.map.title')}
      description={planner ? t('pages.planner.description') : t('pages.map.description')}
      icon={planner ? <EventNoteOutlined /> : <MapOutlined />}
    >
      {view && <Chip label={t(`views.${view}`)} data-testid="map-view-name" data-view={view} />}
    </ComingSoon>
  );
}

export function MapPage() {
  return <MapArea planner={false} />;
}

export function PlannerPage() {
  return <MapArea planner />;
}
