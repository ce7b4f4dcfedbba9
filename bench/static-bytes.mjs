// The web app's own files a browser fetched (issue 41, static delivery): documents, scripts (the MapLibre worker's
// too), styles and other files of this origin, not the API or the tiles. Per file the bytes on the wire (the body
// as sent, compressed when the server sent it so: its Content-Length) and decoded (after Content-Encoding), with
// the encoding, so a bench can say what a page cost to download before it drew.

const STATIC = /\.(m?js|css|html|svg|png|woff2?|json)$/;

/**
 * The body's bytes on the wire. Content-Length first: the server sends every static file with it (the compressed
 * twin's length when it sends one), whereas Chromium reports no responseBodySize (-1) for module preloads and 0
 * for a worker's script.
 */
function sentBytes(res, sizes) {
  const length = Number(res?.headers()['content-length']);
  return Number.isFinite(length) && length >= 0 ? length : Math.max(0, sizes.responseBodySize);
}

async function describe(r, path) {
  const res = await r.response();
  const sizes = await r.sizes();
  const body = res ? await res.body().catch(() => null) : null;
  const sent = sentBytes(res, sizes);
  const encoding = res?.headers()['content-encoding'] ?? 'identity';
  return {
    path,
    kind:
      r.resourceType() === 'document'
        ? 'document'
        : /\.m?js$/.test(path)
          ? 'script'
          : path.endsWith('.css')
            ? 'style'
            : 'other',
    sent,
    // Without a body to read (it should not happen now), an uncompressed file is its Content-Length.
    decoded: body?.length ?? (encoding === 'identity' ? sent : 0),
    body_read: body !== null,
    encoding,
    cache: res?.headers()['cache-control'] ?? null,
  };
}

/** Records the finished same-origin static requests of a browser context from now on. */
export function staticRecorder(context, origin) {
  // Each file is read when it finishes: a response's body is gone once its page has navigated away (the login
  // page's files, by the time the map has drawn).
  const finished = [];
  context.on('requestfinished', (r) => {
    const url = new URL(r.url());
    if (url.origin !== origin || url.pathname.startsWith('/api/')) return;
    if (r.resourceType() === 'document' || STATIC.test(url.pathname))
      finished.push(describe(r, url.pathname).catch(() => null));
  });
  return {
    mark: () => finished.length,
    /** Totals of the requests finished between two marks, by kind (document, script, style, other). */
    async summary(from, to) {
      const all = (await Promise.all(finished.slice(from, to))).filter((f) => f !== null);
      // Once per file: Chromium reports a module preloaded and then imported, or the worker script each MapLibre
      // worker starts, as requests of their own served from its memory cache (responseBodySize -1 or 0).
      const byPath = new Map();
      for (const f of all) if (!byPath.has(f.path)) byPath.set(f.path, f);
      const files = [...byPath.values()];
      const total = (list) => ({
        files: list.length,
        sent_bytes: list.reduce((s, f) => s + f.sent, 0),
        decoded_bytes: list.reduce((s, f) => s + f.decoded, 0),
      });
      const byKind = {};
      for (const kind of ['document', 'script', 'style', 'other'])
        byKind[kind] = total(files.filter((f) => f.kind === kind));
      const encodings = {};
      for (const f of files) encodings[f.encoding] = (encodings[f.encoding] ?? 0) + 1;
      return {
        ...total(files),
        requests: all.length,
        bodies_not_read: files.filter((f) => !f.body_read).length,
        by_kind: byKind,
        encodings,
        largest_scripts: files
          .filter((f) => f.kind === 'script')
          .toSorted((a, b) => b.decoded - a.decoded)
          .slice(0, 6)
          .map(
            (f) =>
              `${f.path.split('/').pop()} ${Math.round(f.decoded / 1024)} KiB (${f.encoding} ${Math.round(f.sent / 1024)} KiB)`,
          ),
      };
    },
  };
}

export const kib = (bytes) => (bytes == null ? null : Math.round(bytes / 102.4) / 10);
