// Renders a page the way the app does: real i18n (English locale files), the app's
// QueryClient, a router at the given URL, and a probe showing where navigation went.
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { i18n, initI18n } from '../lib/i18n.ts';
import { queryClient } from '../lib/query-client.ts';

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

export async function setupI18n(): Promise<void> {
  await initI18n('en');
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['account', 'validations']);
}

export async function renderPage(path: string, url: string, page: ReactElement) {
  await setupI18n();
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path={path} element={page} />
            <Route path="*" element={<LocationProbe />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

/** Between tests: no cached server data, no cookies, no stored session. */
export function resetAppState(): void {
  // The web project runs without vitest globals, so testing-library cannot unmount by itself.
  cleanup();
  queryClient.clear();
  document.cookie = 'pw_csrf=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  localStorage.clear();
}
