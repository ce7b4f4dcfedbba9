// The renewal programme through the server (issue 39): from POST /api/programmes to the stored programme read back
// done, with the real 'programme' job (pg-boss, worker thread, HiGHS for each scenario's first year), a 20-year
// horizon and three flat budgets (0.5 %, 1 % and 2 % of the network's replacement value a year) with the default
// strategy, on a generated 100k-main town on PostgreSQL with fake results made in SQL (bench/fake-results.mjs: the
// real analysis takes 16 min there) and a stored ageing law. Beside it, in the same run, the single-year auto
// planner's time to a stored plan for the middle budget: the peer the issue names. While the programme runs a
// second client polls the programme list every 200 ms: its slowest answer shows the API stayed responsive. Memory:
// the process's peak RSS (the worker thread's heap is in it) before and after.
//   BENCH_PIPES (default 100000), BENCH_BACKEND (postgres | pglite), PIPEWISE_BENCH_PG_URL.
import { loadavg } from 'node:os';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { withTenant } from '../apps/server/src/db/database.ts';
import { seedDemoCity } from '../apps/server/src/db/seed-city.ts';
import { seedDemo } from '../apps/server/src/db/seed.ts';
import { createBoss } from '../apps/server/src/jobs/boss.ts';
import { registerPlanJob } from '../apps/server/src/modules/planner/plan.job.ts';
import { registerProgrammeJob } from '../apps/server/src/modules/programmes/programme.job.ts';
import { fakePipeResultsSql } from './fake-results.mjs';
import { injectLogin, openBenchDatabase, writeResult } from './lib.mjs';

const PIPES = Number(process.env.BENCH_PIPES ?? 100_000);
const BACKEND = process.env.BENCH_BACKEND ?? 'postgres';
const PASSWORD = 'Pipewise-demo-1';
const SHARES = [0.005, 0.01, 0.02];
const HORIZON = 20;
const AS_OF = 2026;
// A law of the shape the LOF stage fits (rul/ageing.ts): cast iron and steel age faster than the pooled law.
const AGEING = { exponentByMaterial: { 0: 1.6, 1: 1.3, 3: 1.1 }, pooledExponent: 1, minAgeYears: 10 };

const round = (x, d = 1) => (x == null ? null : Math.round(x * 10 ** d) / 10 ** d);
const silent = { info() {}, warn() {}, debug() {}, error: console.error, child: () => silent };
const peakRssMib = () =>
  Math.round(Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024);

async function fakeResults(db, datasetId) {
  await withTenant(db, 1, async (tx) => {
    await tx.execute(sql`UPDATE analyses SET stage = 'cancelled' WHERE dataset_id = ${datasetId}`);
    const a = await tx.execute(sql`
      INSERT INTO analyses (client_id, dataset_id, stage, progress, reason, seed, finished_at, cof_summary,
        lof_scoring)
      VALUES (1, ${datasetId}, 'complete', 100, 'seed', 1, now(), '{"currency": "USD"}'::jsonb,
        ${JSON.stringify({ asOfYear: AS_OF, rul: { ageing: AGEING } })}::jsonb) RETURNING id`);
    const analysisId = Number(a.rows[0].id);
    await tx.execute(sql.raw(fakePipeResultsSql(analysisId, datasetId)));
    // Expected breaks consistent with the fake 12-month LOF: P(≥ 1) = 1 − e^−x.
    await tx.execute(sql`UPDATE pipe_results SET lof_absolute = jsonb_build_object('12', -ln(1 - lof_12))
      WHERE analysis_id = ${analysisId}`);
    await tx.execute(sql`UPDATE datasets SET analysis_id = ${analysisId}, status = 0, ra_complete = true
      WHERE id = ${datasetId}`);
  });
  await db.execute(sql`ANALYZE pipes`);
  await db.execute(sql`ANALYZE pipe_results`);
}

async function until(call, url, done) {
  const polls = [];
  for (;;) {
    const got = await call('GET', url);
    const body = got.res.json();
    if (done(body)) return { body, polls };
    const list = await call('GET', url.replace(/\/\d+$/, '') + `?dataset_id=${body.dataset_id}`);
    polls.push(list.ms);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const { database, dataDir, dispose } = await openBenchDatabase(BACKEND, 'programme');
let app;
let boss;
try {
  const t0 = performance.now();
  await database.migrate();
  await seedDemo(database.db, PASSWORD);
  const city = await seedDemoCity(database.db, { pipes: PIPES });
  await fakeResults(database.db, city.datasetId);
  const setupS = round((performance.now() - t0) / 1000);
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123' });
  app = (await buildApp({ config, database })).app;
  await app.ready();
  boss = createBoss(database, { supervise: false, schedule: false });
  await boss.start();
  const stops = [
    await registerPlanJob(boss, database, silent),
    await registerProgrammeJob(boss, database, silent),
  ];
  const { headers } = await injectLogin(app, 'admin@demo.pipewise.local', PASSWORD);
  const call = async (method, url, payload) => {
    const s = performance.now();
    const res = await app.inject({ method, url, headers, ...(payload && { payload }) });
    return { res, ms: performance.now() - s };
  };
  const finder = await call('POST', `/api/datasets/${city.datasetId}/high-risk-pipes`, {
    whole_snapshot: true,
    coverage_type: 'count_percent',
    coverage_amount: 100,
    risk_criteria: 'lof',
  });
  const value = finder.res.json().pipes.reduce((s, p) => s + (p.cost ?? 0), 0);

  const rssBefore = peakRssMib();
  const loadBefore = loadavg()[0];
  const started = performance.now();
  const created = await call('POST', '/api/programmes', {
    dataset_id: city.datasetId,
    start_year: AS_OF,
    horizon_years: HORIZON,
    scenarios: SHARES.map((s) => ({ name: `${s * 100} % a year`, yearly_budget: Math.round(value * s) })),
  });
  if (created.res.statusCode !== 202)
    throw new Error(`programme: ${created.res.statusCode} ${created.res.body}`);
  const { body: programme, polls } = await until(
    call,
    `/api/programmes/${created.res.json().id}`,
    (p) => p.state === 'done' || p.state === 'failed',
  );
  const programmeS = (performance.now() - started) / 1000;
  const rssAfter = peakRssMib();

  const planStarted = performance.now();
  const plan = await call('POST', '/api/plans/generate', {
    dataset_id: city.datasetId,
    budget: Math.round(value * SHARES[1]),
    min_length_m: 152.4,
    max_length_m: 304.8,
    risk_criteria: 'bre',
    whole_snapshot: true,
  });
  if (plan.res.statusCode !== 202) throw new Error(`plan: ${plan.res.statusCode} ${plan.res.body}`);
  const { body: stored } = await until(call, `/api/plans/${plan.res.json().id}`, (p) =>
    ['done', 'failed'].includes(p.state),
  );
  const planS = (performance.now() - planStarted) / 1000;
  stops.forEach((stop) => stop());

  writeResult('programme', {
    command: 'npm run bench programme',
    backend: BACKEND,
    pipes: city.pipes,
    results: 'fake, hash-spread (bench/fake-results.mjs), with a stored ageing law',
    setup_seconds: setupS,
    load_average_1m: { before: round(loadBefore, 2), after: round(loadavg()[0], 2) },
    network_value: round(value, 0),
    horizon_years: HORIZON,
    scenarios: programme.scenarios.map((s) => ({
      name: s.name,
      yearly_budget: s.yearly_budget[0],
      first_year_spend: round(s.years[0]?.spend, 0),
      final_year_expected_breaks: round(s.years.at(-1)?.expected_breaks, 1),
      total_length_renewed_km: round(s.years.reduce((a, y) => a + y.length_renewed_m, 0) / 1000, 1),
    })),
    state: programme.state,
    error: programme.error,
    hold_flat_budget: round(programme.hold_flat_budget, 0),
    todays_breaks: round(programme.todays_breaks, 1),
    seconds_to_stored_programme: round(programmeS, 2),
    peer_single_year_plan_seconds: round(planS, 2),
    ratio_to_single_year_plan: round(programmeS / planS, 2),
    plan_state: stored.state,
    api_while_running_ms: { polls: polls.length, max: round(Math.max(0, ...polls)) },
    peak_rss_mib: { before_programme: rssBefore, after_programme: rssAfter },
    goals: { seconds_to_stored_programme: 60, memory: 'linear in pipes (typed arrays per scenario)' },
    note:
      'seconds_to_stored_programme runs from the POST to the programme read back done: the pg-boss pickup, a ' +
      'fresh worker thread, the inputs, three scenarios (year 1 by the MILP, 10 s limit each; later years by the ' +
      "planner's greedy over a pool of its candidates), the hold-flat bisection, and storing the renewals.",
  });
} finally {
  await boss?.stop({ graceful: false, close: false, wait: true });
  await app?.close();
  await dispose();
}
