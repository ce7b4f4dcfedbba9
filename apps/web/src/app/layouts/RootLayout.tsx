// The root of every page: scroll restoration (SHELL-ROUTE-12), the user's language (ACC-LANG-04/05)
// the automatic-logout handler, and a thin progress bar while a lazy page or its guards load.
import { LinearProgress } from '@mui/material';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { useUserLanguage } from '../../features/language/index.ts';
import { AutoLogout } from '../../features/session/index.ts';
import { useDocumentTitle } from '../use-document-title.ts';

export function RootLayout() {
  useUserLanguage();
  useDocumentTitle();
  const navigating = useNavigation().state === 'loading';
  return (
    <>
      {navigating && (
        <LinearProgress
          color="secondary"
          data-testid="route-progress"
          sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (t) => t.zIndex.appBar + 1, height: 3 }}
        />
      )}
      <Outlet />
      <ScrollRestoration />
      {/* One automatic-logout handler for every logged-in page (inert while logged out), so moving
          between layouts does not restart the session timers. */}
      <AutoLogout />
    </>
  );
}
