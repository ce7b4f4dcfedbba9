// /map and /map/{view}; /planner and /planner/{view}: the planner variant of the map (spec 000 §2). The planner's
// own panes (jobs, projects) come with the planner issue; its map part is here.
import { MapArea } from './MapArea.tsx';

export function MapPage() {
  return <MapArea page="map" />;
}

export function PlannerPage() {
  return <MapArea page="planner" />;
}
