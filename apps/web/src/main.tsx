// Start-up: pick the language (cookie → browser → en), load its texts, then hand over to the router,
// whose guards run the client-init step (CSRF cookie, session check) before the first page.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { readLangCookie, resolveInitialLanguage } from './features/language/index.ts';
import { installChunkReload } from './lib/chunk-reload.ts';
import { installPageExit } from './lib/page-exit.ts';
import { initI18n } from './lib/i18n.ts';

installChunkReload();
installPageExit();

const language = resolveInitialLanguage({
  cookie: readLangCookie(),
  navigatorLanguages: navigator.languages ?? [],
});
document.documentElement.lang = language;
await initI18n(language);

const router = createAppRouter();
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
