// The HTTP side of the reliability bench: CSRF double submit and bearer tokens as the web client sends them
// (docs/architecture.md §2), every call with a timeout so a stalled server is measured, not waited for forever.
import { sleep } from './server.mjs';

export const ACCOUNTS = {
  administrator: 'admin@demo.pipewise.local',
  worker: 'worker@demo.pipewise.local',
  viewer: 'viewer@demo.pipewise.local',
  guest: 'guest@demo.pipewise.local',
  jpAdmin: 'admin@jp.demo.pipewise.local',
  staff: 'staff@pipewise.local',
};

export class Api {
  /** `baseOf()` names the server to ask (it may change: scale-out spreads calls over two processes). */
  constructor(base, { timeoutMs = 30_000 } = {}) {
    this.baseOf = typeof base === 'function' ? base : () => base;
    this.timeoutMs = timeoutMs;
    /** CSRF token per access token ('' = none): the server binds each to its session (issue 37). */
    this.csrf = new Map();
    this.tokens = new Map();
  }

  async ensureCsrf(token = '') {
    if (this.csrf.has(token)) return this.csrf.get(token);
    const res = await fetch(`${this.baseOf()}/api/csrf`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const csrf = (await res.json()).csrf_token;
    this.csrf.set(token, csrf);
    return csrf;
  }

  /**
   * One call. Never throws for an HTTP answer; a network error or timeout comes back as status 0 with `error`.
   * `raw: true` sends `body` as is (a FormData, bytes) instead of JSON.
   */
  async call(method, url, { body, token, raw = false, timeoutMs = this.timeoutMs, headers = {} } = {}) {
    // An API token (pwt_…) goes alone, as a script sends it: a bearer-only request needs no CSRF (issue 42), and
    // sending the cookie would make it cookie-borne and test the session path instead.
    const bearerOnly = token?.startsWith('pwt_');
    const csrf = bearerOnly ? null : await this.ensureCsrf(token);
    const h = { ...(csrf && { cookie: `pw_csrf=${csrf}`, 'x-csrf-token': csrf }), ...headers };
    if (!raw && body !== undefined) h['content-type'] = 'application/json';
    if (token) h.authorization = `Bearer ${token}`;
    const t0 = performance.now();
    const controller = new AbortController();
    let timer;
    // A timer of our own beside the abort: a request whose body the stalled server never reads did not end on
    // abort alone (undici, multipart upload).
    const timedOut = new Promise((resolve) => {
      timer = setTimeout(() => {
        controller.abort();
        resolve({ status: 0, ms: performance.now() - t0, json: null, text: '', bytes: 0, error: 'timeout' });
      }, timeoutMs);
    });
    const answered = (async () => {
      try {
        const res = await fetch(this.baseOf() + url, {
          method,
          headers: h,
          body: body === undefined ? undefined : raw ? body : JSON.stringify(body),
          signal: controller.signal,
        });
        const buf = Buffer.from(await res.arrayBuffer());
        const type = res.headers.get('content-type') ?? '';
        let json = null;
        if (type.includes('json') && buf.length > 0) {
          try {
            json = JSON.parse(buf.toString('utf8'));
          } catch {
            /* a body that says it is JSON and is not: kept as text */
          }
        }
        const text = type.includes('json') || type.startsWith('text') ? buf.toString('utf8') : '';
        return { status: res.status, ms: performance.now() - t0, json, text, bytes: buf.length, body: buf };
      } catch (error) {
        const e = String(error?.cause?.code ?? error?.name ?? error);
        return { status: 0, ms: performance.now() - t0, json: null, text: '', bytes: 0, error: e };
      }
    })();
    try {
      return await Promise.race([answered, timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }

  async login(email, password) {
    const cached = this.tokens.get(email);
    if (cached) return cached;
    for (let attempt = 0; ; attempt++) {
      const r = await this.call('POST', '/api/token', { body: { email, password } });
      if (r.status === 200) {
        this.tokens.set(email, r.json.access);
        return r.json.access;
      }
      if (attempt >= 3) throw new Error(`login of ${email} answered ${r.status}: ${r.text.slice(0, 200)}`);
      await sleep(1000);
    }
  }

  /** POST /api/imports/uploads with one file, as the wizard sends it. */
  upload(token, fileName, bytes, opts = {}) {
    const form = new FormData();
    form.append('file', new Blob([bytes]), fileName);
    return this.call('POST', '/api/imports/uploads', { body: form, raw: true, token, ...opts });
  }

  /** Polls an import until it has ended (or `timeoutMs`); returns the last item seen. */
  async waitImport(token, id, timeoutMs = 10 * 60_000) {
    const t0 = performance.now();
    for (;;) {
      const item = (await this.call('GET', `/api/imports/${id}`, { token })).json;
      if (item && (item.status === 'succeeded' || item.status === 'failed')) return item;
      if (performance.now() - t0 > timeoutMs) return item;
      await sleep(500);
    }
  }

  /** Polls the dataset status until the dataset's analysis has ended (status COMPLETE or CANCELLED). */
  async waitAnalysed(token, datasetId, timeoutMs = 10 * 60_000) {
    const t0 = performance.now();
    for (;;) {
      const list = (await this.call('GET', '/api/datasets/status', { token })).json ?? [];
      const entry = list.find((d) => d.id === datasetId);
      const running = ['queued', 'preprocess', 'lof', 'cof', 'tiling'].includes(entry?.analysis_stage);
      if (entry && !running && (entry.status === 0 || entry.status === 3)) return entry;
      if (performance.now() - t0 > timeoutMs) return entry;
      await sleep(500);
    }
  }
}

/** The CSV of `n` mains in a grid as a utility exports them (WKT geometry); `prefix` marks the native ids. */
export function mainsCsv(n, { prefix = 'M', x0 = -85.7, y0 = 38.2 } = {}) {
  const lines = ['ID;DIA;YEAR;MATL;WKT'];
  for (let i = 0; i < n; i += 1) {
    const x = x0 + (i % 200) * 0.001;
    const y = y0 + Math.floor(i / 200) * 0.001;
    lines.push(
      `${prefix}${i + 1};${[100, 150, 200][i % 3]};${1950 + (i % 60)};${['CI', 'DI', 'PVC'][i % 3]};LINESTRING(${x} ${y}, ${(x + 0.001).toFixed(6)} ${y})`,
    );
  }
  return lines.join('\n') + '\n';
}

/** The wizard's commit of a mains CSV as pipes (the mapping of mainsCsv's columns). */
export function mainsCommit(target) {
  return {
    layer: 'mains',
    type: 'assets',
    asset_layer: 'pipes',
    mapping: { nativeId: 'ID', diameter: 'DIA', installYear: 'YEAR', material: 'MATL' },
    answers: { diameter_unit: 'mm' },
    target,
  };
}

/** Uploads and commits a mains CSV; returns the import item (202) or throws with the answer. */
export function importMains(api, token, csv, target, fileName = 'mains.csv') {
  return importLayer(api, token, csv, mainsCommit(target), fileName);
}

/** Uploads a CSV and commits it with `body`; returns the upload and the import item (202) or throws with the answer. */
export async function importLayer(api, token, csv, body, fileName) {
  // A generous timeout: the file is parsed before the answer, on a machine other benches share.
  const up = await api.upload(token, fileName, Buffer.from(csv), { timeoutMs: 300_000 });
  if (up.status !== 200) throw new Error(`the upload answered ${up.status}: ${up.text.slice(0, 300)}`);
  const commit = await api.call('POST', `/api/imports/uploads/${up.json.id}/commit`, { token, body });
  if (commit.status !== 202)
    throw new Error(`the commit answered ${commit.status}: ${commit.text.slice(0, 300)}`);
  return { upload: up.json, item: commit.json };
}

/** p50/p95/p99/max of a list of milliseconds (nearest rank), rounded. */
export function percentiles(ms) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q) => (s.length ? Math.round(s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]) : null);
  return {
    n: s.length,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    max: s.length ? Math.round(s.at(-1)) : null,
  };
}

/** Asks GET /api/health every `everyMs` until stopped: the latency every tenant would see meanwhile. */
export function healthProbe(api, everyMs = 100) {
  const samples = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const r = await api.call('GET', '/api/health', { timeoutMs: 60_000 });
      samples.push({ at: Date.now(), ms: r.ms, status: r.status });
      await sleep(everyMs);
    }
  })();
  return {
    samples,
    async stop() {
      stopped = true;
      await loop;
      return {
        ...percentiles(samples.map((s) => s.ms)),
        failed: samples.filter((s) => s.status !== 200).length,
        over_1s: samples.filter((s) => s.ms > 1000).length,
      };
    },
  };
}
