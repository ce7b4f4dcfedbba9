// Everything the app needs around the router: server-state cache, theme, and the global hosts
// (toast area and confirmation dialog) that any screen can reach through hooks.
import { CssBaseline } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialogHost } from '../components/confirm-dialog/index.ts';
import { ToastHost } from '../components/toast/index.ts';
import { queryClient } from '../lib/query-client.ts';
import { themeFor } from './theme.ts';

export const COLOR_MODE_KEY = 'pipewise_color_mode';

export function AppProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={themeFor(i18n.language)} defaultMode="light" modeStorageKey={COLOR_MODE_KEY}>
        <CssBaseline enableColorScheme />
        {children}
        <ToastHost />
        <ConfirmDialogHost />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
