import '@testing-library/jest-dom/vitest';
import type { EmotionCache } from '@emotion/cache';
import { withEmotionCache } from '@emotion/react';
import { cleanup, configure } from '@testing-library/react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, afterEach, vi } from 'vitest';

// The files of a worker share its loaded packages (vitest.config.ts: isolate false), but each file gets the app's
// own modules afresh: its stores, query cache and module flags start as a page load would leave them, whatever an
// earlier file did. The packages (React, MUI, i18next: the bulk of the import time) are loaded once per worker.
vi.resetModules();
const { initI18n } = await import('../lib/i18n.ts');

// A wait's bound, not its goal: testing-library's 1 s failed a search typed into the virtual pipes table (seven
// keystrokes, each re-rendering 25 rows, then the 200 ms debounce) at load 11 on two cores (2026-12-07). A passing
// wait ends as soon as it holds; a failing one fails 4 s later.
configure({ asyncUtilTimeout: 5_000 });

// Vitest runs without globals, so testing-library cannot register its own cleanup.
afterEach(() => cleanup());

/** Emotion's default cache, which MUI styles through: a package's, so shared by every file of the worker. */
function emotionCache(): EmotionCache {
  let cache: EmotionCache | undefined;
  const Grab = withEmotionCache((_props: object, c: EmotionCache) => {
    cache = c;
    return null;
  });
  renderToStaticMarkup(createElement(Grab));
  if (!cache) throw new Error("Emotion's cache was not found");
  return cache;
}

// What lives outside the app's modules, and so outlives a file: the browser's storage, cookies, address and
// document, timers and stubs. Put back as a fresh page has them (Vitest itself restores spies after each file).
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
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
  // The style rules the file's components inserted, one <style> each: kept, every later file's getComputedStyle
  // (toBeVisible, user-event's pointer-events check) walked all of them, and a form typed into late in a worker
  // took 43 s instead of 5 (ContactPage.test.tsx, 2026-12-07). The next file inserts what it renders again.
  const cache = emotionCache();
  cache.sheet.flush();
  for (const key of Object.keys(cache.inserted)) delete cache.inserted[key];
});

// Components render real English texts in tests (not keys).
await initI18n('en');
