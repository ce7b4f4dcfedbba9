// The map bench's figures: medians of the runs, the results file's body (bench/results/map.json, its format kept
// since issue 5) and the lines printed at the end.
import { kib } from '../static-bytes.mjs';
import {
  CHROMIUM,
  FILTER,
  median,
  mib,
  PIPES,
  QUIET_FRAMES,
  RUNS,
  round1,
  VIEW,
  VIEWPORT,
} from './settings.mjs';

const pickers = (runs) => {
  const pick = (f) => runs.map(f);
  return { pick, stat: (f) => ({ median: median(pick(f)), all: pick(f) }) };
};

/** The medians of the measured runs. */
export function mapMedians(runs) {
  const { pick } = pickers(runs);
  return {
    first_render_ms: median(pick((r) => r.render.ms)),
    first_render_tiles: median(pick((r) => r.render.tiles.count)),
    first_render_tile_transfer_bytes: median(pick((r) => r.render.tiles.transfer_bytes)),
    filter_click_to_idle_repaint_ms: median(pick((r) => r.filter.click_to_idle_repaint_ms)),
    filter_click_to_two_rafs_ms: median(pick((r) => r.filter.click_to_two_rafs_ms)),
    reset_click_to_idle_repaint_ms: median(pick((r) => r.reset.click_to_idle_repaint_ms)),
    reset_click_to_two_rafs_ms: median(pick((r) => r.reset.click_to_two_rafs_ms)),
    static_kib_sent_before_map_draws: kib(median(pick((r) => r.render.static_files.sent_bytes))),
    static_kib_decoded_before_map_draws: kib(median(pick((r) => r.render.static_files.decoded_bytes))),
    script_kib_sent_before_map_draws: kib(
      median(pick((r) => r.render.static_files.by_kind.script.sent_bytes)),
    ),
    script_kib_decoded_before_map_draws: kib(
      median(pick((r) => r.render.static_files.by_kind.script.decoded_bytes)),
    ),
    heap_after_first_render_mib: mib(median(pick((r) => r.render.heap.used))),
    heap_peak_during_load_mib: mib(median(pick((r) => r.render.heap.peak))),
    heap_after_filter_mib: mib(median(pick((r) => r.filter.heap.used))),
    heap_peak_during_filter_mib: mib(median(pick((r) => r.filter.heap.peak))),
  };
}

/** The results file's body, less what writeResult adds (name, time, machine). */
export function mapResult({
  runs,
  warmUp,
  medians,
  startS,
  fakeS,
  served,
  built,
  loadBefore,
  loadAfter,
  browser,
}) {
  const { pick, stat } = pickers(runs);
  return {
    command: 'npm run bench map',
    date: new Date().toISOString(),
    dataset: {
      pipes: PIPES,
      default_pipes: 100_000,
      reduced: PIPES !== 100_000,
      source: 'demo town seeded by server.ts (DEMO_CITY_PIPES), packages/engine generateCity',
      analysis:
        'fake: ROLE=api runs no worker, so the queued analysis never runs; the bench fills pipe_results in SQL ' +
        '(values spread by a hash of the pipe id, as bench/tiles.bench.mjs) and swaps it in as the job does (COMPLETE)',
      server_start_with_seed_seconds: startS,
      fake_results_seconds: fakeS,
      pipes_in_database: served.pipes,
      web_rebuilt: built,
      web_dist: process.env.MAP_BENCH_WEB_DIST ?? 'apps/web/dist (a copy)',
    },
    load_average: { before: loadBefore.map(round1), after: loadAfter.map(round1) },
    browser: { executable: CHROMIUM, version: browser.version() },
    viewport: VIEWPORT,
    view: VIEW,
    zoom: runs[0].render.zoom,
    center: runs[0].render.center,
    filter: FILTER,
    warm_up_cold_server: warmUp.render,
    runs: {
      first_render_ms: stat((r) => r.render.ms),
      first_render: pick((r) => r.render),
      filter: pick((r) => r.filter),
      reset: pick((r) => r.reset),
    },
    medians,
    method: {
      runs: `${RUNS} measured runs after one warm-up load (reported as warm_up_cold_server); each run is a new browser context (empty HTTP cache, fresh login through the login page), so the browser fetches every tile again while the server's in-process tile cache is warm after the warm-up.`,
      clock:
        "In-page performance.now(): navigation start (the document's timeOrigin) for the first render; the click event reaching the document (capture listener) for filter changes.",
      first_render:
        'Until a MutationObserver sees data-loaded="true" on [data-testid=map] (the adapter sets it on MapLibre idle once the active source is loaded). idle_by_draw_calls_ms is the same end measured as for filters, for comparison.',
      tiles:
        'Tile requests (/api/tiles/) finished before data-loaded; transfer_bytes = encoded body bytes (Playwright request.sizes()), decoded_bytes = body after Content-Encoding. Requests come from the MapLibre worker.',
      repaint: `The map object is unreachable from the page, so "idle" is observed from outside: WebGL draw calls are counted (WebGL(2)RenderingContext.prototype.draw* wrapped) and MapLibre's worker Actor messages are tracked (Worker.prototype.postMessage + '<response>'/'<cancel>'). click_to_idle_repaint_ms = click → the last draw call of the repaint, confirmed once ${QUIET_FRAMES} animation frames pass with no draw call and no worker request in flight (setFilter makes MapLibre re-parse every loaded tile in its worker, so the first frames may still show the old tiles). click_to_two_rafs_ms = click → the second requestAnimationFrame after data-filter changed (the simple method: a lower bound). data-loaded stays "true" throughout.`,
      static_files:
        "The web app's own files (documents, scripts with the MapLibre worker, styles, icons; not /api) finished from the login page's first request until data-loaded, in a fresh browser context (empty cache). sent_bytes = body bytes on the wire (Playwright responseBodySize: compressed when the server sent br/gzip), decoded_bytes = after Content-Encoding. Before issue 41 every file went out uncompressed, so sent = decoded.",
      heap: 'performance.memory.usedJSHeapSize of the page (main thread only; MapLibre worker heaps are not included), with --enable-precise-memory-info. "peak" is the max of a 50 ms sampler during the load / from the click to the idle repaint; "used" is the value once idle.',
      machine_load:
        'Shared 2-core machine: other processes ran at the same time; SwiftShader renders WebGL on the CPU.',
    },
  };
}

/** The lines printed at the end of a run. */
export function mapSummary({ runs, warmUp, medians }) {
  const { pick } = pickers(runs);
  return [
    '',
    `map bench — ${PIPES} pipes, ${VIEW}, ${VIEWPORT.width}x${VIEWPORT.height}, zoom ${runs[0].render.zoom}`,
    `  first render   ${medians.first_render_ms} ms median (${pick((r) => r.render.ms).join(', ')}); ` +
      `${medians.first_render_tiles} tiles, ${Math.round(medians.first_render_tile_transfer_bytes / 1024)} KiB; cold server ${warmUp.render.ms} ms`,
    `  filter 1960–90 ${medians.filter_click_to_idle_repaint_ms} ms to idle repaint (${pick((r) => r.filter.click_to_idle_repaint_ms).join(', ')}); 2 rAFs ${medians.filter_click_to_two_rafs_ms} ms`,
    `  reset          ${medians.reset_click_to_idle_repaint_ms} ms to idle repaint (${pick((r) => r.reset.click_to_idle_repaint_ms).join(', ')}); 2 rAFs ${medians.reset_click_to_two_rafs_ms} ms`,
    `  web files      ${medians.static_kib_sent_before_map_draws} KiB sent (${medians.static_kib_decoded_before_map_draws} KiB decoded) before the map drew; scripts ${medians.script_kib_sent_before_map_draws} KiB sent (${medians.script_kib_decoded_before_map_draws} KiB decoded)`,
    `  JS heap        ${medians.heap_after_first_render_mib} MiB after render (peak ${medians.heap_peak_during_load_mib}), ${medians.heap_after_filter_mib} MiB after filter (peak ${medians.heap_peak_during_filter_mib})`,
  ].join('\n');
}
