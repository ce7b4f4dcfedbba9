// The default layout of spec §2: top bar, sub-bar, navigation drawer, content/map area (the map pages render in
// it), toast area (global, see providers.tsx). The filter-favourite dialog opens from the map's filter pane
// (features/filters SavedFiltersDialog, portalled to the body like every MUI dialog); the automatic-logout handler
// is mounted once in RootLayout so it spans every logged-in layout.
import { Box } from '@mui/material';
import { useMemo } from 'react';
import { Outlet, useLocation } from 'react-router';
import { computeNavItems, NavDrawer } from '../../features/navigation/index.ts';
import { useCurrentUser, useLoggedInPage } from '../../features/session/index.ts';
import { isMapPath } from '../shell/map-paths.ts';
import { MapDrawerActions } from '../shell/MapDrawerActions.tsx';
import { SubBar } from '../shell/SubBar.tsx';
import { TopBar } from '../shell/TopBar.tsx';
import { useDatasetWiring } from '../shell/use-dataset-wiring.ts';

export function DefaultLayout() {
  useLoggedInPage();
  const { data: user, refetch } = useCurrentUser();
  const items = useMemo(() => (user ? computeNavItems(user) : null), [user]);
  useDatasetWiring();
  const onMap = isMapPath(useLocation().pathname);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100dvh' }} data-testid="layout-default">
      <TopBar />
      <SubBar />
      <Box sx={{ flex: 1, display: 'flex', minHeight: 0 }}>
        <NavDrawer
          items={items}
          onRefresh={() => void refetch()}
          {...(onMap && { footer: (collapsed: boolean) => <MapDrawerActions collapsed={collapsed} /> })}
        />
        <Box
          component="main"
          sx={{ flex: 1, minWidth: 0, overflow: 'auto', position: 'relative' }}
          data-testid="content"
        >
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}
