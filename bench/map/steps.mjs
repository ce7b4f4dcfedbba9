// The user's steps of the map bench in one browser context: log in, open the view and wait for the first full
// render, then apply the install-year filter and reset it, each timed from the inside (instrument.mjs).
/* global window, document -- page functions run in Chromium */
import { tmpdir } from 'node:os';
import path from 'node:path';
import { staticRecorder } from '../static-bytes.mjs';
import { heapNow, instrument, waitSettled } from './instrument.mjs';
import { EMAIL, FILTER, PASSWORD, QUIET_FRAMES, round1, VIEW, VIEWPORT } from './settings.mjs';
import { tileRecorder } from './tile-recorder.mjs';

export async function logIn(page) {
  await page.goto('/user/login');
  await page.getByTestId('login-email').fill(EMAIL);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => !u.pathname.startsWith('/user/login'), { timeout: 60_000 });
}

async function firstRender(page, tiles, statics) {
  const before = tiles.mark();
  const t0 = performance.now();
  await page.goto(`/map/${VIEW}`);
  await page.waitForFunction(() => window.__bench.loadedAt !== null, null, { timeout: 300_000, polling: 50 });
  const wallMs = performance.now() - t0;
  const atLoaded = tiles.mark();
  const staticsAtLoaded = statics.mark();
  const inPage = await page.evaluate(() => ({
    loadedAt: window.__bench.loadedAt,
    requests: window.__bench.workerRequests,
  }));
  const settled = await page.evaluate(waitSettled, [0, QUIET_FRAMES, 120_000]);
  const map = page.getByTestId('map');
  return {
    ms: round1(inPage.loadedAt),
    wall_ms_from_goto: round1(wallMs),
    idle_by_draw_calls_ms: round1(settled.settledAt),
    tiles: await tiles.summary(before, atLoaded),
    // From the login page's first request (a fresh context: nothing cached) until the map drew.
    static_files: await statics.summary(0, staticsAtLoaded),
    tiles_after_loaded: (await tiles.summary(atLoaded, tiles.mark())).count,
    worker_requests: inPage.requests,
    zoom: Number(await map.getAttribute('data-zoom')),
    center: await map.getAttribute('data-center'),
    heap: await heapNow(page),
  };
}

/** Clicks `target`, then times the data-filter change, two rAFs after it, and the idle repaint (in-page clock). */
async function repaint(page, target) {
  // Start from a still map (opening the pane resizes it and repaints).
  await page.evaluate(waitSettled, [-1, QUIET_FRAMES, 120_000]);
  const before = await page.evaluate(() => ({
    changes: window.__bench.filterChanges.length,
    requests: window.__bench.workerRequests,
    filter: document.querySelector('[data-testid="map"]').getAttribute('data-filter'),
  }));
  await page.evaluate(() => (window.__bench.heapPeak = 0));
  await target.click();
  await page.waitForFunction((n) => window.__bench.filterChanges.length > n, before.changes, {
    timeout: 60_000,
  });
  const change = await page.evaluate((n) => window.__bench.filterChanges[n], before.changes);
  const settled = await page.evaluate(waitSettled, [change.at, QUIET_FRAMES, 180_000]);
  const after = await page.evaluate(
    ([n, at]) => {
      const b = window.__bench;
      return {
        change: b.filterChanges[n],
        click: b.clicks.filter((c) => c <= at).at(-1) ?? null,
        requests: b.workerRequests,
        loaded: document.querySelector('[data-testid="map"]').getAttribute('data-loaded'),
      };
    },
    [before.changes, change.at],
  );
  return {
    from_filter: before.filter,
    to_filter: after.change.value,
    click_to_data_filter_ms: round1(after.change.at - after.click),
    click_to_two_rafs_ms: round1(after.change.raf2At - after.click),
    click_to_idle_repaint_ms: round1(settled.settledAt - after.click),
    worker_requests: after.requests - before.requests,
    data_loaded_after: after.loaded,
    heap: await heapNow(page),
  };
}

async function filterRuns(page) {
  if (!(await page.getByTestId('filters-pane').isVisible())) await page.getByTestId('filters-toggle').click();
  await page.getByTestId('filters-pane').waitFor();
  const low = page.getByTestId(`${FILTER.key}-low`);
  if (!(await low.isVisible())) await page.getByTestId(`filter-${FILTER.key}`).click();
  await low.fill(FILTER.low);
  await page.getByTestId(`${FILTER.key}-high`).fill(FILTER.high);
  const apply = page.getByTestId(`slider-filter-${FILTER.key}`).getByRole('button', { name: 'Apply' });
  const filter = await repaint(page, apply);
  const reset = await repaint(
    page,
    page.getByTestId('filters-pane').getByRole('button', { name: 'Reset', exact: true }),
  );
  return { filter, reset };
}

/** A fresh browser context at the bench's viewport, instrumented, recording the static files it is sent. */
export async function newMapPage(browser, baseURL) {
  const context = await browser.newContext({ baseURL, viewport: VIEWPORT, deviceScaleFactor: 1 });
  await context.addInitScript(instrument);
  const statics = staticRecorder(context, baseURL);
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  return { context, statics, page };
}

export async function oneRun(browser, baseURL, label) {
  const { context, statics, page } = await newMapPage(browser, baseURL);
  try {
    const tiles = tileRecorder(page);
    await logIn(page);
    const render = await firstRender(page, tiles, statics);
    console.error(`${label}: first render ${render.ms} ms, ${render.tiles.count} tiles`);
    if (label === 'warm-up') return { render };
    const { filter, reset } = await filterRuns(page);
    console.error(
      `${label}: filter ${filter.click_to_idle_repaint_ms} ms, reset ${reset.click_to_idle_repaint_ms} ms`,
    );
    return { render, filter, reset };
  } catch (err) {
    const shot = path.join(tmpdir(), 'pw-bench-map-failure.png');
    await page.screenshot({ path: shot }).catch(() => {});
    console.error(`${label} failed; screenshot: ${shot}`);
    throw err;
  } finally {
    await context.close();
  }
}
