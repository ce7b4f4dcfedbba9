// Scale-out part of issue 18's reliability bench (PostgreSQL only): one ROLE=worker process and two ROLE=api
// processes on one database and one shared DATA_DIR (the worker reads the uploads the API wrote). Imports are sent
// through both APIs in turn; every import and every analysis must run exactly once (counted from the processes'
// logs — 'import finished', 'analysis: stage stored', 'analysis complete' — and from pg-boss's job table). Then the
// load of load.mjs spread over both APIs, beside the one-process figure of the same run.
//   RELIABILITY_SCALE_IMPORTS (default 10; smoke 4), RELIABILITY_SCALE_IMPORT_PIPES (default 500; smoke 200).
import { ACCOUNTS, Api, importMains, mainsCsv } from './api.mjs';
import { runLoad } from './load.mjs';
import { openStorage, PASSWORD, pgClient, ServerProcess } from './server.mjs';

const summary = (load) =>
  load && {
    idle: {
      latency_ms: load.idle.latency_ms,
      errors: load.idle.errors,
      per_second: load.idle.per_second,
      rss_mib: load.idle.rss_mib,
    },
    with_analysis: {
      latency_ms: load.with_analysis.latency_ms,
      errors: load.with_analysis.errors,
      per_second: load.with_analysis.per_second,
      rss_mib: load.with_analysis.rss_mib,
    },
  };

export async function runScaleOut({ smoke, town, oneProcess }) {
  const IMPORTS = Number(process.env.RELIABILITY_SCALE_IMPORTS ?? (smoke ? 4 : 10));
  const PIPES = Number(process.env.RELIABILITY_SCALE_IMPORT_PIPES ?? (smoke ? 200 : 500));
  const storage = await openStorage('postgres', 'scale');
  const seen = { imports: {}, stages: {}, completes: {} };
  const onLog = (e, srv) => {
    const role = srv.env.ROLE;
    if (e.msg === 'import finished') (seen.imports[e.importId] ??= []).push(role);
    if (e.msg === 'analysis: stage stored') (seen.stages[`${e.analysisId}/${e.stage}`] ??= []).push(role);
    if (e.msg === 'analysis complete') (seen.completes[e.analysisId] ??= []).push(role);
  };
  const env = { DEMO_CITY_PIPES: String(town) };
  const worker = new ServerProcess(storage, { env: { ...env, ROLE: 'worker' }, onLog });
  const apiA = new ServerProcess(storage, { env: { ...env, ROLE: 'api' }, onLog });
  const apiB = new ServerProcess(storage, { env: { ...env, ROLE: 'api' }, onLog });
  try {
    // The worker first: it migrates and seeds; the APIs then find both done.
    await worker.start();
    await apiA.start();
    await apiB.start();
    const apis = [new Api(apiA.base), new Api(apiB.base)];
    const admin = await apis[0].login(ACCOUNTS.administrator, PASSWORD);
    apis[1].tokens = apis[0].tokens;
    const datasetId = (await apis[0].call('GET', '/api/snapshots/current', { token: admin })).json.dataset.id;
    await apis[0].waitAnalysed(admin, datasetId);
    const items = [];
    for (let i = 0; i < IMPORTS; i++) {
      const { item } = await importMains(apis[i % 2], admin, mainsCsv(PIPES, { prefix: `S${i}-` }), {
        new_group_name: `scale ${i}`,
      });
      items.push(item);
    }
    const ended = [];
    for (let i = 0; i < items.length; i++) ended.push(await apis[(i + 1) % 2].waitImport(admin, items[i].id));
    for (const it of ended) if (it?.dataset_id) await apis[0].waitAnalysed(admin, it.dataset_id);
    const db = await pgClient(storage);
    let jobs;
    try {
      jobs = (
        await db.query(
          `SELECT name, coalesce(data->>'importId', data->>'analysisId') AS target, count(*)::int AS jobs,
             count(*) FILTER (WHERE state = 'completed')::int AS completed, array_agg(state::text) AS states
           FROM pgboss.job WHERE name IN ('import', 'analysis') GROUP BY 1, 2 ORDER BY 1, 2`,
        )
      ).rows;
    } catch (error) {
      jobs = [{ error: String(error.message) }];
    } finally {
      await db.end();
    }
    const twice = (m) =>
      Object.entries(m)
        .filter(([, v]) => v.length !== 1)
        .map(([k, v]) => ({ key: k, times: v.length }));
    const load = await runLoad({ servers: [apiA, apiB], api: apis[0], datasetId, smoke, watch: [worker] });
    return {
      processes: { worker: worker.startSeconds, api_a: apiA.startSeconds, api_b: apiB.startSeconds },
      imports: { sent: IMPORTS, pipes_each: PIPES, ended: ended.map((x) => x?.status) },
      exactly_once: {
        imports_not_once: twice(seen.imports),
        imports_finished_unseen: items.filter((it) => !seen.imports[it.id]).map((it) => it.id),
        analyses_completed: Object.keys(seen.completes).length,
        analyses_not_once: twice(seen.completes),
        stages_not_once: twice(seen.stages),
        // More than one pg-boss job for a run is not a second run by itself (a resend by the resume sweep is
        // refused by the run's lease): the log counts above say whether the work ran twice.
        pgboss_jobs: jobs,
      },
      crashes: [worker, apiA, apiB].flatMap((s) => s.crashes()),
      load_two_apis: load,
      load_one_process: oneProcess && {
        at: oneProcess.at ?? 'this run',
        vus: oneProcess.vus,
        seconds: oneProcess.seconds,
        ...summary(oneProcess),
      },
      note: 'Goal (issue 18): each job exactly once (empty *_not_once lists); the load figure of two API processes beside one process’s (load_one_process: the same sizes on one ROLE=all process, from this run’s load part).',
    };
  } finally {
    await Promise.all([apiA.stop(), apiB.stop()]);
    await worker.stop();
    await storage.dispose();
  }
}
