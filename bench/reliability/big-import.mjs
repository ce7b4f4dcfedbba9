// Issue 18's "a legal 7 MB import of 30,000 disconnected pipes took the API down for every tenant for about 2
// minutes on PostgreSQL and 7 on PGlite", made again through the real server (ROLE=all: API and worker in one
// process, as `npm start` runs them): upload → commit → import → its analysis, while /api/health is asked every
// 50 ms. Reported per phase: the health latency every other tenant saw, and how long the phase took.
//   RELIABILITY_BIG_IMPORT_PIPES (30000; smoke 3000), RELIABILITY_BIG_IMPORT_SHAPE (disconnected | grid).
//   RELIABILITY_BIG_IMPORT_VALVES (0): then a valves layer of that many points without a pipe id, one beside each
//   main in turn, into the same group: the job links each to its nearest main (issue 14's 28 s while 3,569 valves
//   were linked to a 16k-pipe network); its import and analysis are two more phases.
import { ACCOUNTS, Api, healthProbe, importLayer, importMains, percentiles } from './api.mjs';
import { openStorage, PASSWORD, ServerProcess } from './server.mjs';

/** `n` mains 100 m long as a CSV (ID;DIA;YEAR;MATL;WKT): `disconnected` 100 m apart, `grid` end to end in rows. */
function pipesCsv(n, shape) {
  const step = shape === 'grid' ? 0.001 : 0.002;
  const lines = ['ID;DIA;YEAR;MATL;WKT'];
  for (let i = 0; i < n; i += 1) {
    const x = -85.7 + (i % 200) * step;
    const y = 38.2 + Math.floor(i / 200) * step;
    lines.push(
      `B${i + 1};${[100, 150, 200][i % 3]};${1950 + (i % 60)};${['CI', 'DI', 'PVC'][i % 3]};` +
        `LINESTRING(${x.toFixed(6)} ${y.toFixed(6)}, ${(x + 0.001).toFixed(6)} ${y.toFixed(6)})`,
    );
  }
  return lines.join('\n') + '\n';
}

/** `n` valves as a CSV (ID;WKT), each 10 m along main i % pipes of pipesCsv: none carries a pipe id. */
function valvesCsv(n, pipes, shape) {
  const step = shape === 'grid' ? 0.001 : 0.002;
  const lines = ['ID;WKT'];
  for (let v = 0; v < n; v += 1) {
    const i = v % pipes;
    const x = -85.7 + (i % 200) * step + 0.0001;
    const y = 38.2 + Math.floor(i / 200) * step;
    lines.push(`V${v + 1};POINT(${x.toFixed(6)} ${y.toFixed(6)})`);
  }
  return lines.join('\n') + '\n';
}

/** The commit of valvesCsv into an existing group: valves by id, linked to their nearest main by the job. */
const valvesCommit = (groupId) => ({
  layer: 'valves',
  type: 'assets',
  asset_layer: 'valves',
  mapping: { nativeId: 'ID' },
  target: { snapshot_group_id: groupId },
});

/** The health samples taken between two moments. */
const between = (samples, from, to) => samples.filter((s) => s.at >= from && s.at < to).map((s) => s.ms);

export async function runBigImport({ db, smoke }) {
  const PIPES = Number(process.env.RELIABILITY_BIG_IMPORT_PIPES ?? (smoke ? 3000 : 30000));
  const SHAPE = process.env.RELIABILITY_BIG_IMPORT_SHAPE ?? 'disconnected';
  const VALVES = Number(process.env.RELIABILITY_BIG_IMPORT_VALVES ?? 0);
  const storage = await openStorage(db, 'bigimport');
  const server = new ServerProcess(storage, { env: { DEMO_CITY_PIPES: '300' } });
  try {
    await server.start();
    const api = new Api(() => server.base);
    const admin = await api.login(ACCOUNTS.administrator, PASSWORD);
    const current = (await api.call('GET', '/api/snapshots/current', { token: admin })).json;
    await api.waitAnalysed(admin, current.dataset.id);
    const csv = pipesCsv(PIPES, SHAPE);
    const probe = healthProbe(api, 50);
    const rss = [];
    const sampler = setInterval(() => rss.push(server.rssMib()), 500);
    const marks = { start: Date.now() };
    const { item } = await importMains(api, admin, csv, { new_group_name: `big ${SHAPE}` }, 'big.csv');
    marks.committed = Date.now();
    const done = await api.waitImport(admin, item.id, 30 * 60_000);
    marks.imported = Date.now();
    const analysed = done?.dataset_id ? await api.waitAnalysed(admin, done.dataset_id, 30 * 60_000) : null;
    marks.analysed = Date.now();
    let valves = null;
    if (VALVES > 0 && done?.snapshot_group_id) {
      const { item } = await importLayer(
        api,
        admin,
        valvesCsv(VALVES, PIPES, SHAPE),
        valvesCommit(done.snapshot_group_id),
        'valves.csv',
      );
      marks.valvesCommitted = Date.now();
      const vDone = await api.waitImport(admin, item.id, 30 * 60_000);
      marks.valvesImported = Date.now();
      const vAnalysed = vDone?.dataset_id
        ? await api.waitAnalysed(admin, vDone.dataset_id, 30 * 60_000)
        : null;
      marks.valvesAnalysed = Date.now();
      valves = { count: VALVES, import: vDone?.status ?? null, analysis: vAnalysed?.status ?? null };
    }
    const all = await probe.stop();
    clearInterval(sampler);
    const phase = (from, to) => ({
      seconds: Math.round((marks[to] - marks[from]) / 100) / 10,
      health_ms: percentiles(between(probe.samples, marks[from], marks[to])),
    });
    return {
      pipes: PIPES,
      shape: SHAPE,
      csv_mb: Math.round(csv.length / 1e5) / 10,
      import: { status: done?.status, imported: done?.imported, message: done?.message ?? null },
      analysis: { status: analysed?.status ?? null, stage: analysed?.analysis_stage ?? null },
      health_ms: all,
      phases: {
        upload_and_commit: phase('start', 'committed'),
        import: phase('committed', 'imported'),
        analysis: phase('imported', 'analysed'),
        ...(valves
          ? {
              valves_upload_and_commit: phase('analysed', 'valvesCommitted'),
              valves_import: phase('valvesCommitted', 'valvesImported'),
              valves_analysis: phase('valvesImported', 'valvesAnalysed'),
            }
          : {}),
      },
      valves,
      rss_mib_max: Math.max(0, ...rss.filter((v) => v !== null)),
      note:
        'Goal (issue 18): no CPU-heavy step on the event loop, so /api/health answers within 1 s at p99 throughout, ' +
        'on both databases (the issue saw health time out at 20 s for 2 min on PostgreSQL and 7 on PGlite).',
    };
  } finally {
    await server.stop();
    await storage.dispose();
  }
}
