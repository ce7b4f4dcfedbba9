// The static layout of spec §2: the top bar only (used by the account pages of a logged-in user).
import { Box } from '@mui/material';
import { Outlet } from 'react-router';
import { useLoggedInPage } from '../../features/session/index.ts';
import { TopBar } from '../shell/TopBar.tsx';

export function StaticLayout() {
  useLoggedInPage();
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }} data-testid="layout-static">
      <TopBar withNav={false} />
      <Box component="main" sx={{ flex: 1 }}>
        <Outlet />
      </Box>
    </Box>
  );
}
