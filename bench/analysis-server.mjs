// The analysis through the server (issue 41), for analysis.bench.mjs: a real server process (API + worker, as
// `npm start` runs it) on the bench's database, the run started as the web's "Run analysis" starts it
// (POST /api/datasets/{id}/analyses/all/execute), taken from the job queue by the worker and followed as the
// analysis dialog follows it (GET /api/datasets/{id}/analyses) until the run is served. Meanwhile a cheap
// authenticated GET (/api/user/info) is asked again as soon as it answers plus PROBE_GAP_MS: the API's latency
// during the run. The server's JSON log gives the job's stage times, so both paths are broken down alike.
//   BENCH_POLL_MS: how often the runs are polled (default 500; the web's dialog polls every 5 s, which would add
//   up to 5 s of the client's own waiting to a figure about the server). BENCH_SERVER_NODE_OPTIONS: flags for the
//   server's node (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof). BENCH_BEFORE_ROOT: another checkout (e.g. `git archive`
//   of an older commit, its node_modules linked) whose server runs as the path `server_before`, a before figure.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { fetchCsrf } from './lib.mjs';

const root = resolve(import.meta.dirname, '..');
const POLL_MS = Number(process.env.BENCH_POLL_MS ?? 500);
const PROBE_GAP_MS = 250;

const freePort = () =>
  new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });

/**
 * Starts `node apps/server/src/server.ts` on the database (`databaseUrl` for PostgreSQL, else PGlite in `dataDir`),
 * resolving once it answers /api/health. `logs` collects its JSON log lines, each with the time it arrived.
 */
export async function startServer({ databaseUrl, dataDir, checkout = root }) {
  const port = await freePort();
  const extra = (process.env.BENCH_SERVER_NODE_OPTIONS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...extra, '--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: checkout,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ROLE: 'all',
      SEED_DEMO: 'false',
      ALLOW_OUTBOX: 'true',
      LOG_LEVEL: 'info',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      BASEMAP_STYLE_LIGHT: 'none',
      BASEMAP_STYLE_DARK: 'none',
      BASEMAP_STYLE_TERRAIN: 'none',
    },
  });
  const logs = [];
  let rest = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop();
    for (const line of lines) {
      if (!line.startsWith('{')) continue;
      try {
        logs.push(JSON.parse(line));
      } catch {
        // a line cut in two by the pipe is rare and only a log
      }
    }
  });
  const exited = new Promise((ok) => child.once('exit', ok));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    // Its worker too: a run sent while the worker creates its queues raced pg-boss's createQueue (a deadlock).
    if (ok && logs.some((l) => l.msg === 'worker started')) break;
    if (i > 600) throw new Error('the server did not start within 60 s');
    await sleep(100);
  }
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  return { base, logs, stop };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function login(base, email, password) {
  const res = await fetch(`${base}/api/token`, {
    method: 'POST',
    headers: { ...(await fetchCsrf(base)), 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login: ${res.status} ${await res.text()}`);
  const { access } = await res.json();
  return { ...(await fetchCsrf(base, access)), authorization: `Bearer ${access}` };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

/** p50/p95/max (ms) of a list of latencies. */
export function latencySummary(ms) {
  const s = [...ms].sort((a, b) => a - b);
  return {
    requests: s.length,
    p50_ms: Math.round(percentile(s, 50) ?? 0),
    p95_ms: Math.round(percentile(s, 95) ?? 0),
    max_ms: Math.round(s.at(-1) ?? 0),
    over_1s: s.filter((x) => x > 1000).length,
  };
}

/**
 * One analysis through the server: POST execute → poll until served. Resolves with the seconds from the POST to
 * the poll that saw the run complete, the API's latencies meanwhile and the job's own timings from the log.
 */
export async function analyseThroughServer(server, datasetId) {
  const signIn = () => login(server.base, 'admin@demo.pipewise.local', 'Pipewise-demo-1');
  let headers = await signIn();
  const from = server.logs.length;
  const get = async (url) => {
    const t = performance.now();
    let res = await fetch(server.base + url, { headers });
    // A run on a loaded machine outlasts the access token: signed in again, as the web refreshes it.
    if (res.status === 401) {
      headers = await signIn();
      res = await fetch(server.base + url, { headers });
    }
    if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
    const body = await res.json();
    return { body, ms: performance.now() - t };
  };
  // Each probe's latency, by whether it was answered before the run was seen served or after (the job's tail: older
  // rows deleted, first-visit tiles rendered).
  const probe = { run: [], after: [] };
  let seen = false;
  let running = true;
  let probeErrors = 0;
  const prober = (async () => {
    while (running) {
      // A failed probe is counted, not thrown: the run's figure is still worth having.
      await get('/api/user/info').then(
        (r) => probe[seen ? 'after' : 'run'].push(r.ms),
        () => probeErrors++,
      );
      await sleep(PROBE_GAP_MS);
    }
  })();
  const postedAt = Date.now();
  const t0 = performance.now();
  const res = await fetch(`${server.base}/api/datasets/${datasetId}/analyses/all/execute`, {
    method: 'POST',
    headers,
  });
  if (res.status !== 202) throw new Error(`execute: ${res.status} ${await res.text()}`);
  const { analysis_id: analysisId } = await res.json();
  const postMs = performance.now() - t0;
  const polls = [];
  let run;
  for (;;) {
    const { body, ms } = await get(`/api/datasets/${datasetId}/analyses`);
    polls.push(ms);
    run = body.find((r) => r.id === analysisId);
    if (!run) throw new Error(`run ${analysisId} not listed`);
    if (run.stage === 'complete') break;
    if (run.stage === 'failed' || run.stage === 'cancelled')
      throw new Error(`run ${analysisId} ${run.stage}: ${run.error}`);
    await sleep(POLL_MS);
  }
  const seconds = (performance.now() - t0) / 1000;
  const seenAt = Date.now();
  seen = true;
  // The job goes on after the swap (older rows deleted, first-visit tiles): waited for, not counted, so the next
  // path does not run beside it.
  const job = await jobLog(server.logs, from, analysisId);
  running = false;
  await prober;
  return {
    analysisId,
    seconds,
    post_ms: Math.round(postMs),
    ...job.timeline(postedAt, seenAt),
    stages: job.stages,
    api_probe: {
      url: 'GET /api/user/info',
      gap_ms: PROBE_GAP_MS,
      ...latencySummary(probe.run),
      after_served: latencySummary(probe.after),
      errors: probeErrors,
    },
    runs_poll: { url: `GET /api/datasets/{id}/analyses`, every_ms: POLL_MS, ...latencySummary(polls) },
  };
}

/** Waits (≤ 10 min) for the job's end and its tiles in the server's log; the stage times it logged. */
async function jobLog(logs, from, analysisId) {
  const mine = () => logs.slice(from).filter((l) => l.analysisId === analysisId || l.datasetId !== undefined);
  const deadline = Date.now() + 600_000;
  for (;;) {
    const lines = mine();
    const done = lines.some((l) => l.msg === 'analysis complete' && l.analysisId === analysisId);
    const tiles = lines.some((l) => l.msg?.startsWith('tiles: first-visit tiles'));
    if ((done && tiles) || Date.now() > deadline) break;
    await sleep(200);
  }
  const lines = mine();
  const at = (msg) => lines.find((l) => l.msg === msg && l.analysisId === analysisId);
  const stages = {};
  for (const l of lines) {
    if (l.msg === 'analysis: stage stored' && l.analysisId === analysisId)
      stages[l.stage] = { compute_ms: l.computeMs, write_ms: l.writeMs };
    if (l.msg === 'analysis: inputs loaded' && l.analysisId === analysisId) stages.load = { ms: l.ms };
    if (l.msg === 'tiles: first-visit tiles rendered') stages.prerender = { ms: l.ms, tiles: l.tiles };
  }
  const timeline = (postedAt, seenAt) => {
    const claimed = at('analysis: claimed')?.time;
    const swapped = lines.find(
      (l) => l.msg === 'analysis: stage stored' && l.stage === 'tiling' && l.analysisId === analysisId,
    )?.time;
    const complete = at('analysis complete')?.time;
    const s = (a, b) => (a && b ? Math.round(b - a) / 1000 : null);
    return {
      job_pickup_seconds: s(postedAt, claimed),
      claim_to_swap_seconds: s(claimed, swapped),
      swap_to_seen_seconds: s(swapped, seenAt),
      job_after_swap_seconds: s(swapped, complete),
    };
  };
  return { stages, timeline };
}
