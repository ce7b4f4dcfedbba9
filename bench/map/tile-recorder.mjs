// The tile requests (/api/tiles/) a page made, and what a stretch of them cost: count, bytes on the wire and
// decoded, per layer, status and zoom; `timed` names
// each tile with its time, so a bench can tell which the server had ready.

export function tileRecorder(page) {
  const finished = [];
  const failed = [];
  page.on('requestfinished', (r) => {
    if (r.url().includes('/api/tiles/')) finished.push(r);
  });
  page.on('requestfailed', (r) => {
    if (r.url().includes('/api/tiles/')) failed.push(r);
  });
  return {
    mark: () => ({ finished: finished.length, failed: failed.length }),
    /** Each tile's URL, when it was asked for (ms after `since`, an epoch time) and how long it took. */
    timed: (from, to, since) =>
      finished.slice(from.finished, to.finished).map((r) => {
        const t = r.timing();
        return { url: r.url(), at_ms: Math.round(t.startTime - since), ms: Math.round(t.responseEnd) };
      }),
    async summary(from, to) {
      const reqs = finished.slice(from.finished, to.finished);
      let encoded = 0;
      let decoded = 0;
      const byLayer = {};
      const statuses = {};
      for (const r of reqs) {
        const res = await r.response();
        const sizes = await r.sizes();
        const body = res ? await res.body().catch(() => null) : null;
        encoded += sizes.responseBodySize;
        decoded += body?.length ?? 0;
        const layer = /\/api\/tiles\/\d+\/\d+\/([^/]+)\//.exec(r.url())?.[1] ?? '?';
        byLayer[layer] = (byLayer[layer] ?? 0) + 1;
        statuses[res?.status() ?? 0] = (statuses[res?.status() ?? 0] ?? 0) + 1;
      }
      return {
        count: reqs.length,
        failed: to.failed - from.failed,
        transfer_bytes: encoded,
        decoded_bytes: decoded,
        by_layer: byLayer,
        statuses,
        zooms: [...new Set(reqs.map((r) => Number(/\/(\d+)\/\d+\/\d+\.mvt/.exec(r.url())?.[1])))].sort(),
      };
    },
  };
}
