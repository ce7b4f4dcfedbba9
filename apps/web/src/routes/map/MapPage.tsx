// /map and /map/{view}: the map of the current dataset with the status overlay on top (DATA-OVL-01). Views,
// layers and panes arrive with issue 5; /planner keeps its placeholder until the planner issue.
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ComingSoon } from '../../components/coming-soon/ComingSoon.tsx';
import { MapArea } from './MapArea.tsx';

export function MapPage() {
  return <MapArea />;
}

export function PlannerPage() {
  const { t } = useTranslation('shell');
  const { view } = useParams();
  return (
    <ComingSoon
      title={t('pages.planner.title')}
      description={t('pages.planner.description')}
      icon={<EventNoteOutlined />}
    >
      {view && <Chip label={t(`views.${view}`)} data-testid="map-view-name" data-view={view} />}
    </ComingSoon>
  );
}
