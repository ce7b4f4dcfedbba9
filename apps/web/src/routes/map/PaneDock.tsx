// The planner's column when the map is short of room (map-room.ts): the panes that were open on the left sit in it
// as tabs beside the planner, one shown at a time. Every pane stays mounted so a switch keeps its scroll, its form
// and its fetched data.
import { Box, Tab, Tabs } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PANE_PX, type DockPane } from './map-room.ts';

export interface PaneDockProps {
  panes: readonly { id: DockPane; content: ReactNode }[];
  active: DockPane;
  onActive: (pane: DockPane) => void;
}

export function PaneDock({ panes, active, onActive }: PaneDockProps) {
  const { t } = useTranslation('mapui');
  return (
    <Box
      data-testid="pane-dock"
      data-active={active}
      sx={{
        width: PANE_PX.planner,
        flexShrink: 0,
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.paper',
        borderLeft: 1,
        borderColor: 'divider',
      }}
    >
      <Tabs
        value={active}
        onChange={(_e, next: DockPane) => onActive(next)}
        variant="fullWidth"
        aria-label={t('dock.label')}
        sx={{ borderBottom: 1, borderColor: 'divider', flexShrink: 0 }}
      >
        {panes.map(({ id }) => (
          <Tab
            key={id}
            value={id}
            label={t(`dock.${id}`)}
            id={`dock-tab-${id}`}
            aria-controls={`dock-panel-${id}`}
            data-testid={`dock-tab-${id}`}
          />
        ))}
      </Tabs>
      {panes.map(({ id, content }) => (
        <Box
          key={id}
          role="tabpanel"
          id={`dock-panel-${id}`}
          aria-labelledby={`dock-tab-${id}`}
          hidden={id !== active}
          sx={{ flex: 1, minHeight: 0, display: id === active ? 'flex' : 'none', flexDirection: 'column' }}
        >
          {content}
        </Box>
      ))}
    </Box>
  );
}
