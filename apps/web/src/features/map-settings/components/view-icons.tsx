// The icon of each analysis view in the view menu (MAP-VIEW-06 "icon"): MUI icons, chosen by view key so the
// domain stays free of UI.
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import AutoFixHighOutlined from '@mui/icons-material/AutoFixHighOutlined';
import BuildOutlined from '@mui/icons-material/BuildOutlined';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import LeaderboardOutlined from '@mui/icons-material/LeaderboardOutlined';
import PaidOutlined from '@mui/icons-material/PaidOutlined';
import RadioButtonCheckedOutlined from '@mui/icons-material/RadioButtonCheckedOutlined';
import SpeedOutlined from '@mui/icons-material/SpeedOutlined';
import StraightenOutlined from '@mui/icons-material/StraightenOutlined';
import TrendingUpOutlined from '@mui/icons-material/TrendingUpOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import WhatshotOutlined from '@mui/icons-material/WhatshotOutlined';
import type { ViewKey } from '@pipewise/domain';
import type { ReactElement } from 'react';

export const VIEW_ICONS: Readonly<Record<ViewKey, ReactElement>> = {
  rank: <LeaderboardOutlined />,
  highest: <WhatshotOutlined />,
  lof: <WarningAmberOutlined />,
  breakRate: <SpeedOutlined />,
  population: <GroupsOutlined />,
  populationChange: <TrendingUpOutlined />,
  installYear: <CalendarMonthOutlined />,
  diameter: <RadioButtonCheckedOutlined />,
  length: <StraightenOutlined />,
  materialTypeCode: <CategoryOutlined />,
  cof: <PaidOutlined />,
  bre: <AssessmentOutlined />,
  breakCount: <BuildOutlined />,
  diameterStatus: <AutoFixHighOutlined />,
  installYearStatus: <AutoFixHighOutlined />,
  materialStatus: <AutoFixHighOutlined />,
  status: <AutoFixHighOutlined />,
};
