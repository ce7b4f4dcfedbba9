// What runs inside the page (Chromium): the instrumentation added before the app's scripts in every document, and
// the in-page wait for an idle map. Both run in the browser, so they use nothing from this module's scope.
/* global window, document, requestAnimationFrame, Worker, MutationObserver -- page functions run in Chromium */

export function instrument() {
  const b = {
    draws: 0,
    lastDrawAt: 0,
    pending: new Set(),
    workerRequests: 0,
    loadedAt: null,
    filterChanges: [],
    clicks: [],
    heapPeak: 0,
  };
  window.__bench = b;
  // Every WebGL draw call: MapLibre draws only when it repaints, so the last one of a burst is the repainted frame.
  const drawNames = [
    'drawElements',
    'drawArrays',
    'drawElementsInstanced',
    'drawArraysInstanced',
    'drawRangeElements',
  ];
  for (const C of [window.WebGLRenderingContext, window.WebGL2RenderingContext]) {
    if (!C) continue;
    for (const name of drawNames) {
      const f = C.prototype[name];
      if (typeof f !== 'function') continue;
      C.prototype[name] = function (...args) {
        b.draws++;
        b.lastDrawAt = performance.now();
        return f.apply(this, args);
      };
    }
  }
  // MapLibre's Actor messages to its workers ({id, type}) and their '<response>' (or a '<cancel>'): a tile being
  // (re)parsed after setFilter is a request in flight, so "no request in flight" is part of "idle".
  const watched = new WeakSet();
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (msg, ...rest) {
    if (!watched.has(this)) {
      watched.add(this);
      this.addEventListener('message', (e) => {
        if (e.data && e.data.type === '<response>') b.pending.delete(e.data.id);
      });
    }
    if (msg && typeof msg === 'object' && typeof msg.id === 'string') {
      if (msg.type === '<cancel>') b.pending.delete(msg.id);
      else if (msg.type !== '<response>') {
        b.pending.add(msg.id);
        b.workerRequests++;
      }
    }
    return post.call(this, msg, ...rest);
  };
  new MutationObserver((records) => {
    const now = performance.now();
    for (const m of records) {
      const el = m.target;
      if (el.getAttribute('data-testid') !== 'map') continue;
      if (
        m.attributeName === 'data-loaded' &&
        el.getAttribute('data-loaded') === 'true' &&
        b.loadedAt === null
      )
        b.loadedAt = now;
      if (m.attributeName === 'data-filter') {
        const rec = { value: el.getAttribute('data-filter'), at: now, raf2At: null };
        b.filterChanges.push(rec);
        requestAnimationFrame(() => requestAnimationFrame(() => (rec.raf2At = performance.now())));
      }
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-loaded', 'data-filter'] });
  document.addEventListener('click', () => b.clicks.push(performance.now()), true);
  setInterval(() => {
    const heap = performance.memory?.usedJSHeapSize ?? 0;
    if (heap > b.heapPeak) b.heapPeak = heap;
  }, 50);
}

/**
 * In the page: waits until a frame with draw calls happened after `since`, no worker request is in flight and
 * QUIET_FRAMES animation frames passed without a draw call — the observable equivalent of MapLibre's `idle`.
 * Resolves with the time of the last draw call (the repainted frame).
 */
export function waitSettled([since, quietFrames, timeoutMs]) {
  const b = window.__bench;
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    let seen = b.draws;
    let quiet = 0;
    const tick = () => {
      if (b.draws !== seen) {
        seen = b.draws;
        quiet = 0;
      } else quiet++;
      if (b.lastDrawAt > since && b.pending.size === 0 && quiet >= quietFrames)
        return resolve({ settledAt: b.lastDrawAt, draws: b.draws });
      if (performance.now() - t0 > timeoutMs)
        return reject(
          new Error(`map not idle after ${timeoutMs} ms (${b.pending.size} worker requests pending)`),
        );
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

export const heapNow = (page) =>
  page.evaluate(() => {
    const used = performance.memory?.usedJSHeapSize ?? null;
    return { used, peak: Math.max(used ?? 0, window.__bench.heapPeak) };
  });
