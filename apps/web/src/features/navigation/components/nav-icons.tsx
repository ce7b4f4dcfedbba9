import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import AltRouteOutlined from '@mui/icons-material/AltRouteOutlined';
import AutoFixHighOutlined from '@mui/icons-material/AutoFixHighOutlined';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import MapOutlined from '@mui/icons-material/MapOutlined';
import StorageOutlined from '@mui/icons-material/StorageOutlined';
import TableChartOutlined from '@mui/icons-material/TableChartOutlined';
import type { SvgIconComponent } from '@mui/icons-material';
import type { NavIcon } from '../nav-items.ts';

export const NAV_ICONS: Record<NavIcon, SvgIconComponent> = {
  home: DashboardOutlined,
  map: MapOutlined,
  planner: EventNoteOutlined,
  reports: AssessmentOutlined,
  report: DescriptionOutlined,
  data: StorageOutlined,
  datasets: TableChartOutlined,
  exports: FileDownloadOutlined,
  virtualPipes: AutoFixHighOutlined,
  scenarios: AltRouteOutlined,
  admin: AdminPanelSettingsOutlined,
};
