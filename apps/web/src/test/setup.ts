import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

// The files of a worker share its loaded packages (vitest.config.ts: isolate false), but each file gets the app's
// own modules afresh: its stores, query cache and module flags start as a page load would leave them, whatever an
// earlier file did. The packages (React, MUI, i18next: the bulk of the import time) are loaded once per worker.
vi.resetModules();
const { initI18n } = await import('../lib/i18n.ts');

// Vitest runs without globals, so testing-library cannot register its own cleanup.
afterEach(() => cleanup());

// What lives outside the app's modules, and so outlives a file: the browser's storage, cookies, address and
// document, timers and stubs. Put back as a fresh page has them.
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  window.history.replaceState(null, '', '/');
  document.title = '';
  document.head.querySelectorAll('meta[name], link[rel="icon"]').forEach((el) => el.remove());
  document.documentElement.removeAttribute('lang');
  document.documentElement.removeAttribute('dir');
  document.body.innerHTML = '';
});

// Components render real English texts in tests (not keys).
await initI18n('en');
