// Part 4 of issue 18's reliability bench: N virtual users reading what map users read — the dataset status poll,
// the dataset list, vector tiles around the town, pipe details, asset pages — for S seconds, first with nothing
// else running, then while an analysis of the same dataset runs. A small fetch loop per user (Node's fetch, no
// load-testing dependency in the repository), requests spread over every API process given (scale-out).
//   RELIABILITY_LOAD_VUS (default 50; smoke 10), RELIABILITY_LOAD_SECONDS (default 60; smoke 10).
import { ACCOUNTS, Api, percentiles } from './api.mjs';
import { PASSWORD, sleep } from './server.mjs';

function tileOf([lng, lat], z) {
  const n = 2 ** z;
  const r = (lat * Math.PI) / 180;
  return [
    z,
    Math.floor(((lng + 180) / 360) * n),
    Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n),
  ];
}

/** What the users will ask for: tile URLs around the town's centre, pipe ids, the dataset's folder. */
async function readTargets(api, token, datasetId) {
  const ds = (await api.call('GET', '/api/datasets', { token })).json.datasets.find(
    (d) => d.id === datasetId,
  );
  const revision = /-r(\d+)$/.exec(ds.folder)?.[1] ?? '1';
  const tiles = [];
  for (const z of [13, 14, 15]) {
    const [, x0, y0] = tileOf(ds.center ?? [-85.7, 38.2], z);
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++)
        tiles.push(`/api/tiles/${datasetId}/${revision}/pipes/${z}/${x0 + dx}/${y0 + dy}.mvt`);
  }
  const assets =
    (await api.call('GET', `/api/datasets/${datasetId}/assets?limit=200`, { token })).json?.assets ?? [];
  return { tiles, pipes: assets.map((a) => a.id), total: ds.pipe_count };
}

/** One user's next request, in the proportions a map session asks them (seeded: the same run asks the same). */
function pick(rng, datasetId, t) {
  const r = rng();
  const any = (list) => list[Math.floor(rng() * list.length)];
  if (r < 0.3) return ['status', '/api/datasets/status'];
  if (r < 0.4) return ['datasets', '/api/datasets'];
  if (r < 0.65) return ['tile', any(t.tiles)];
  if (r < 0.85 && t.pipes.length) return ['pipe', `/api/datasets/${datasetId}/assets/${any(t.pipes)}`];
  return [
    'assets',
    `/api/datasets/${datasetId}/assets?limit=50&offset=${Math.floor(rng() * Math.max(1, t.total - 50))}`,
  ];
}

function rngOf(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** VUS users for SECONDS: latency, errors, throughput and each server's RSS. */
async function phase(apis, servers, tokens, datasetId, targets, vus, seconds) {
  const samples = [];
  const rss = servers.map(() => []);
  const sampler = setInterval(() => servers.forEach((s, i) => rss[i].push(s.rssMib())), 500);
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: vus }, async (_, vu) => {
      const rng = rngOf(1000 + vu);
      const api = apis[vu % apis.length];
      const token = tokens[vu % tokens.length];
      while (performance.now() < deadline) {
        const [kind, url] = pick(rng, datasetId, targets);
        const r = await api.call('GET', url, {
          token,
          timeoutMs: 30_000,
          headers: { 'accept-encoding': 'gzip' },
        });
        samples.push({ kind, ms: r.ms, ok: r.status >= 200 && r.status < 400 });
      }
    }),
  );
  clearInterval(sampler);
  const byKind = {};
  for (const s of samples) (byKind[s.kind] ??= []).push(s.ms);
  return {
    requests: samples.length,
    per_second: Math.round(samples.length / seconds),
    errors: samples.filter((s) => !s.ok).length,
    latency_ms: percentiles(samples.map((s) => s.ms)),
    by_kind: Object.fromEntries(Object.entries(byKind).map(([k, v]) => [k, percentiles(v)])),
    rss_mib: servers.map((s, i) => ({
      role: s.env.ROLE ?? 'all',
      max: Math.max(...rss[i].filter((x) => x !== null), 0),
      mean: Math.round(rss[i].reduce((a, b) => a + (b ?? 0), 0) / Math.max(1, rss[i].length)),
    })),
  };
}

/**
 * `servers`: the API processes to spread users over (and whose RSS to read); `rssOf`: more processes to watch
 * (the scale-out's worker). Returns both phases.
 */
export async function runLoad({ servers, api, datasetId, smoke, watch = [] }) {
  const VUS = Number(process.env.RELIABILITY_LOAD_VUS ?? (smoke ? 10 : 50));
  const SECONDS = Number(process.env.RELIABILITY_LOAD_SECONDS ?? (smoke ? 10 : 60));
  const tokens = [
    await api.login(ACCOUNTS.worker, PASSWORD),
    await api.login(ACCOUNTS.viewer, PASSWORD),
    await api.login(ACCOUNTS.administrator, PASSWORD),
  ];
  const apis = servers.map((s) => Object.assign(new Api(s.base), { csrf: api.csrf }));
  const targets = await readTargets(api, tokens[0], datasetId);
  // Idle means idle: analyses queued before (the corpus's imports, the demo town) end first.
  const quiet0 = performance.now();
  for (;;) {
    const list = (await api.call('GET', '/api/datasets/status', { token: tokens[2] })).json ?? [];
    const busy = list.filter?.((d) =>
      ['queued', 'preprocess', 'lof', 'cof', 'tiling'].includes(d.analysis_stage),
    );
    if (!busy?.length || performance.now() - quiet0 > 10 * 60_000) break;
    await sleep(1000);
  }
  const waitedForQuietS = Math.round(performance.now() - quiet0) / 1000;
  // Each tile and a few pipes once, unmeasured: the figure is a warm server's, not the first tile renders'.
  for (const url of [
    ...targets.tiles,
    ...targets.pipes.slice(0, 10).map((p) => `/api/datasets/${datasetId}/assets/${p}`),
  ])
    await api.call('GET', url, { token: tokens[0], headers: { 'accept-encoding': 'gzip' } });
  const idle = await phase(apis, [...servers, ...watch], tokens, datasetId, targets, VUS, SECONDS);
  const exec = await api.call('POST', `/api/datasets/${datasetId}/analyses/all/execute`, {
    token: tokens[2],
  });
  const stageOf = async () =>
    (await api.call('GET', '/api/datasets/status', { token: tokens[0] })).json?.find?.(
      (d) => d.id === datasetId,
    )?.analysis_stage;
  // Users start once the run has left the queue, so the figure is taken while it computes and writes.
  const t0 = performance.now();
  let stageAtStart = await stageOf();
  while (stageAtStart === 'queued' && performance.now() - t0 < 60_000) {
    await sleep(250);
    stageAtStart = await stageOf();
  }
  const busy = await phase(apis, [...servers, ...watch], tokens, datasetId, targets, VUS, SECONDS);
  const stageAtEnd = await stageOf();
  return {
    vus: VUS,
    seconds: SECONDS,
    targets: { tiles: targets.tiles.length, pipes: targets.pipes.length },
    waited_for_running_analyses_s: waitedForQuietS,
    idle,
    with_analysis: {
      ...busy,
      analysis: {
        execute_status: exec.status,
        analysis_id: exec.json?.analysis_id,
        stage_at_start: stageAtStart,
        stage_at_end: stageAtEnd,
      },
    },
    note: 'Goals (issue 18): 0 errors; with an analysis running on PostgreSQL p99 < 1 s. The users run in the bench process on the same two cores as the server. stage_at_end "complete" means the analysis ended before the phase did.',
  };
}
