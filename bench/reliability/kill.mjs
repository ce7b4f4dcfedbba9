// Part 3 of issue 18's reliability bench: kill -9 during an import and during each analysis stage, restart on the
// same data, and check that the work ends in a true state (the import succeeded whole or failed with a message;
// the analysis completed or failed while the dataset kept serving) and that no acknowledged write was lost (saved
// filters created with a 201 by a writer running through each kill).
// The kill comes from the server's own log: the instant a stage starts (its predecessor's 'analysis: stage
// stored'), plus RELIABILITY_KILL_DELAY_MS, so a small town still dies inside the stage.
//   RELIABILITY_KILL_STAGES (default import,preprocess,lof,cof,tiling,plan,export; smoke import,lof,plan,export),
//   RELIABILITY_KILL_TOWN_PIPES (3000; smoke 500), RELIABILITY_KILL_IMPORT_PIPES (30000; smoke 5000),
//   RELIABILITY_KILL_WAIT_S (how long after the restart the end state may take: 300; a killed run's lease lasts
//   90 s and the resume sweep runs every minute).
// Stages plan and export (issue 37): an auto-planner plan (POST /api/plans/generate, as the planner screen) and an
// export file (POST /api/datasets/:id/exports, a GeoPackage by default) of the town, killed on the server's
// 'plan started' / 'export file started' log line. The end state: the plan done or failed with its message, the
// export ready (downloaded, non-empty, read back by GDAL's ogrinfo when installed) or failed with its message, and
// no .part or 0-byte file left under DATA_DIR/exports. A worker settles a dead process's jobs at its start on the
// embedded database, and on PostgreSQL once they were active longer than their bound (PLAN_DEAD_AFTER_S 600,
// EXPORT_DEAD_AFTER_S 1200, constants: the server has no env override), swept every minute; so on PostgreSQL these
// stages wait RELIABILITY_KILL_JOB_WAIT_S (default the bound + 180 s; PGlite: RELIABILITY_KILL_WAIT_S).
//   RELIABILITY_KILL_PLAN_BUDGET_SHARE (of the network's replacement value: 0.03),
//   RELIABILITY_KILL_EXPORT_KIND / _FORMAT (lof / gpkg), RELIABILITY_KILL_EXPORT_DELAY_MS (0: a town's file takes
//   a fraction of a second to build).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EXPORT_DEAD_AFTER_S } from '../../apps/server/src/modules/exports/export-file.job.ts';
import { PLAN_DEAD_AFTER_S } from '../../apps/server/src/modules/planner/plan.job.ts';
import { ACCOUNTS, Api, importMains, mainsCsv } from './api.mjs';
import { openStorage, PASSWORD, ServerProcess, sleep } from './server.mjs';

// The log line after which a stage is running: the kill lands in that stage.
const STARTS = {
  preprocess: (e) => e.msg === 'analysis: inputs loaded',
  lof: (e) => e.msg === 'analysis: stage stored' && e.stage === 'preprocess',
  cof: (e) => e.msg === 'analysis: stage stored' && e.stage === 'lof',
  tiling: (e) => e.msg === 'analysis: stage stored' && e.stage === 'cof',
  plan: (e) => e.msg === 'plan started',
  export: (e) => e.msg === 'export file started',
};
// The log lines of a plan or export job that ended: seen before the kill, the kill missed the job.
const ENDS = {
  plan: (e) => ['plan done', 'plan failed', 'plan had nothing to do'].includes(e.msg),
  export: (e) => e.msg === 'export file built',
};
const JOB_STAGES = new Set(['plan', 'export']);
// What the restarted server says it settled: the warnings of registerPlanJob and registerExportFileJob.
const SETTLED = new Set([
  'plans a stopped worker was running are queued again',
  'export files a stopped worker was building are queued again',
  'partial export files of a stopped process were removed',
]);
const FILTERS = { active_pipe_layer_group: 'pipes', scalar_type: [], slider_type: [], boundary_type: [] };

/** Creates saved filters until stopped; returns the names the server acknowledged (201). */
function ackWriter(api, token, groupId, tag) {
  const acknowledged = [];
  let stopped = false;
  let n = 0;
  const loop = (async () => {
    while (!stopped) {
      const name = `${tag}-${n++}`;
      const r = await api.call('POST', '/api/saved-filters', {
        token,
        body: { snapshot_id: groupId, name, lof_type: 'rank', filters: FILTERS },
        timeoutMs: 10_000,
      });
      if (r.status === 201) acknowledged.push(name);
      await sleep(r.status === 0 ? 500 : 100);
    }
  })();
  return {
    acknowledged,
    async stop() {
      stopped = true;
      await loop;
      return acknowledged;
    },
  };
}

async function lostWrites(api, token, groupId, acknowledged) {
  const list = (await api.call('GET', `/api/saved-filters?snapshot_id=${groupId}`, { token })).json;
  const names = new Set((list?.saved_filters ?? []).map((f) => f.name));
  return acknowledged.filter((n) => !names.has(n));
}

/** Files under DATA_DIR/exports a build left half-made: a .part file, or a file of 0 bytes. */
function partialExportFiles(dataDir) {
  const root = path.join(dataDir, 'exports');
  let entries;
  try {
    entries = readdirSync(root, { recursive: true });
  } catch {
    return { files: 0, partial: [] };
  }
  const files = entries
    .map((e) => ({ name: String(e), info: statSync(path.join(root, String(e)), { throwIfNoEntry: false }) }))
    .filter((f) => f.info?.isFile());
  return {
    files: files.length,
    partial: files
      .filter((f) => f.name.endsWith('.part') || f.info.size === 0)
      .map((f) => ({ file: f.name, bytes: f.info.size })),
  };
}

/** GDAL's feature count of a downloaded export file, or why it could not say. */
function gdalFeatures(bytes, format) {
  const dir = mkdtempSync(path.join(tmpdir(), 'pw-rel-export-'));
  try {
    const file = path.join(dir, `export.${format === 'shp' ? 'zip' : format}`);
    writeFileSync(file, bytes);
    const where = format === 'shp' ? `/vsizip/${file}` : file;
    const out = execFileSync('ogrinfo', ['-ro', '-so', '-al', where], { encoding: 'utf8', stdio: 'pipe' });
    const counts = [...out.matchAll(/Feature Count: (\d+)/g)].map((m) => Number(m[1]));
    return { feature_count: counts.reduce((n, c) => n + c, 0), layers: counts.length };
  } catch (error) {
    return { error: String(error?.stderr ?? error?.message ?? error).slice(0, 300) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The network's replacement value at the client's rates (what a plan's budget is a share of). */
async function networkValue(api, token, datasetId) {
  const r = await api.call('POST', `/api/datasets/${datasetId}/high-risk-pipes`, {
    token,
    body: {
      whole_snapshot: true,
      coverage_type: 'count_percent',
      coverage_amount: 100,
      risk_criteria: 'lof',
    },
    timeoutMs: 120_000,
  });
  if (r.status !== 200) throw new Error(`the pipe finder answered ${r.status}: ${r.text.slice(0, 300)}`);
  return r.json.pipes.reduce((s, p) => s + (p.cost ?? 0), 0);
}

/**
 * Polls a plan or export until it has ended or `waitMs` ran out; returns the last item, each state it was seen in
 * (seconds after `t0`, the restart's end) and the polls that got no item. A wait on PostgreSQL outlasts an access
 * token (30 min): a 401 signs in again.
 */
async function waitJobEnd(api, session, url, key, ended, waitMs, t0) {
  const states = [];
  const failedPolls = {};
  let last;
  for (;;) {
    let r = await api.call('GET', url, { token: session.token(), timeoutMs: 10_000 });
    if (r.status === 401) r = await api.call('GET', url, { token: await session.renew(), timeoutMs: 10_000 });
    if (r.status !== 200) failedPolls[r.status] = (failedPolls[r.status] ?? 0) + 1;
    if (r.status === 200) {
      last = r.json;
      const state = last[key];
      if (states.at(-1)?.state !== state)
        states.push({ state, at_s: Math.round(performance.now() - t0) / 1000 });
      if (ended.includes(state)) break;
    }
    if (performance.now() - t0 > waitMs) break;
    await sleep(1000);
  }
  return { last, states, failedPolls };
}

export async function runKill({ db, smoke }) {
  const STAGES = (
    process.env.RELIABILITY_KILL_STAGES ??
    (smoke ? 'import,lof,plan,export' : 'import,preprocess,lof,cof,tiling,plan,export')
  ).split(',');
  const TOWN = Number(process.env.RELIABILITY_KILL_TOWN_PIPES ?? (smoke ? 500 : 3000));
  const IMPORT_PIPES = Number(process.env.RELIABILITY_KILL_IMPORT_PIPES ?? (smoke ? 5000 : 30000));
  const WAIT_S = Number(process.env.RELIABILITY_KILL_WAIT_S ?? 300);
  const DELAY_MS = Number(process.env.RELIABILITY_KILL_DELAY_MS ?? 200);
  const EXPORT_DELAY_MS = Number(process.env.RELIABILITY_KILL_EXPORT_DELAY_MS ?? 0);
  const BUDGET_SHARE = Number(process.env.RELIABILITY_KILL_PLAN_BUDGET_SHARE ?? 0.03);
  const EXPORT_KIND = process.env.RELIABILITY_KILL_EXPORT_KIND ?? 'lof';
  const EXPORT_FORMAT = process.env.RELIABILITY_KILL_EXPORT_FORMAT ?? 'gpkg';
  // The bound past which a PostgreSQL worker takes an active job for a dead process's (the server's constants).
  const BOUND_S = { plan: PLAN_DEAD_AFTER_S, export: EXPORT_DEAD_AFTER_S };
  const jobWaitS = (stage) =>
    Number(process.env.RELIABILITY_KILL_JOB_WAIT_S ?? (db === 'postgres' ? BOUND_S[stage] + 180 : WAIT_S));
  const storage = await openStorage(db, 'kill');
  let armed = null;
  let settled = null;
  const server = new ServerProcess(storage, {
    env: { DEMO_CITY_PIPES: String(TOWN) },
    onLog(entry, srv) {
      if (settled && SETTLED.has(entry.msg))
        settled.lines.push({
          msg: entry.msg,
          ids: entry.plans ?? entry.exports ?? entry.removed,
          at_s: Math.round(performance.now() - settled.t0) / 1000,
        });
      if (!armed) return;
      // Read after the kill or not, a line the child wrote came before its death.
      if (armed.fired && ENDS[armed.stage]?.(entry))
        armed.endedBeforeKill = { msg: entry.msg, status: entry.status };
      if (armed.fired || !STARTS[armed.stage]?.(entry)) return;
      armed.fired = {
        msg: entry.msg,
        analysisId: entry.analysisId,
        planId: entry.planId,
        exportId: entry.exportId,
      };
      const delay = armed.stage === 'export' ? EXPORT_DELAY_MS : DELAY_MS;
      setTimeout(() => void srv.kill(), delay);
    },
  });
  const runs = [];
  try {
    await server.start();
    const api = new Api(() => server.base);
    let admin = await api.login(ACCOUNTS.administrator, PASSWORD);
    // A fresh access token for each stage and after each restart: a run on PostgreSQL outlasts one (30 min).
    const session = {
      token: () => admin,
      async renew() {
        api.tokens.delete(ACCOUNTS.administrator);
        admin = await api.login(ACCOUNTS.administrator, PASSWORD);
        return admin;
      },
    };
    const current = (await api.call('GET', '/api/snapshots/current', { token: admin })).json;
    const datasetId = current.dataset.id;
    const groupId = current.snapshot_group_entity_id;
    await api.waitAnalysed(admin, datasetId);
    for (const stage of STAGES) {
      await session.renew();
      const writer = ackWriter(api, admin, groupId, `ack-${stage}`);
      const run = { stage };
      const t0 = performance.now();
      if (stage === 'import') {
        const { item } = await importMains(api, admin, mainsCsv(IMPORT_PIPES, { prefix: 'K' }), {
          new_group_name: 'killed import',
        });
        run.import_id = item.id;
        // Killed once the job is writing rows (progress moves), or after 60 s whatever it does.
        for (;;) {
          const it = (await api.call('GET', `/api/imports/${item.id}`, { token: admin, timeoutMs: 5000 }))
            .json;
          if ((it?.status === 'running' && it.progress > 0.05) || performance.now() - t0 > 60_000) {
            run.killed_at = { status: it?.status, progress: it?.progress };
            break;
          }
          if (it?.status === 'succeeded' || it?.status === 'failed') break;
          await sleep(100);
        }
        if (!run.killed_at) run.missed = 'the import ended before the kill';
        else await server.kill();
      } else if (JOB_STAGES.has(stage)) {
        // An analysis a kill before left running ends first: the plan and the export read its results.
        await api.waitAnalysed(admin, datasetId);
        armed = { stage };
        const started = await (stage === 'plan'
          ? api.call('POST', '/api/plans/generate', {
              token: admin,
              body: {
                dataset_id: datasetId,
                name: 'killed plan',
                budget: Math.round((await networkValue(api, admin, datasetId)) * BUDGET_SHARE),
                min_length_m: 152.4,
                max_length_m: 304.8,
                risk_criteria: 'lof',
                whole_snapshot: true,
              },
            })
          : api.call('POST', `/api/datasets/${datasetId}/exports`, {
              token: admin,
              body: { kind: EXPORT_KIND, format: EXPORT_FORMAT },
            }));
        if (started.status !== 202)
          throw new Error(`${stage}: the request answered ${started.status}: ${started.text.slice(0, 300)}`);
        run[`${stage}_id`] = started.json.id;
        if (stage === 'plan') run.budget = started.json.input?.budget;
        else Object.assign(run, { kind: EXPORT_KIND, format: EXPORT_FORMAT });
        run.kill_delay_ms = stage === 'export' ? EXPORT_DELAY_MS : DELAY_MS;
        while (server.alive() && performance.now() - t0 < 5 * 60_000) await sleep(50);
        // The log lines the child wrote before it died are read before deciding whether the kill was in time.
        await sleep(300);
        run.killed_at = armed.fired ?? null;
        if (!armed.fired) run.missed = `the ${stage} job was not seen starting within 5 min`;
        else if (armed.endedBeforeKill)
          run.missed = `the ${stage} job ended before the kill (${armed.endedBeforeKill.msg})`;
        armed = null;
        if (server.alive()) await server.kill();
        run.killed_perf = performance.now();
        if (stage === 'export') run.export_files_at_kill = partialExportFiles(storage.dataDir);
      } else {
        armed = { stage };
        const exec = await api.call('POST', `/api/datasets/${datasetId}/analyses/all/execute`, {
          token: admin,
        });
        run.analysis_id = exec.json?.analysis_id;
        while (server.alive() && performance.now() - t0 < 10 * 60_000) {
          const entry = (
            await api.call('GET', '/api/datasets/status', { token: admin, timeoutMs: 5000 })
          ).json?.find?.((d) => d.id === datasetId);
          if (entry && entry.status === 0 && entry.analysis_stage === 'complete' && !armed.fired) break;
          await sleep(200);
        }
        if (!armed.fired) run.missed = `the ${stage} stage was not seen before the analysis ended`;
        run.killed_at = armed.fired ?? null;
        armed = null;
        if (server.alive()) await server.kill();
      }
      const acknowledged = await writer.stop();
      const restart0 = performance.now();
      if (JOB_STAGES.has(stage)) settled = { t0: restart0, lines: [] };
      await server.start();
      run.restart_seconds = Math.round(performance.now() - restart0) / 1000;
      run.acknowledged_writes = acknowledged.length;
      await session.renew();
      run.lost_writes = await lostWrites(api, admin, groupId, acknowledged);
      // The end state, as the wizard or the status overlay would see it.
      const end0 = performance.now();
      if (stage === 'import') {
        const item = await api.waitImport(admin, run.import_id, WAIT_S * 1000);
        run.end = {
          status: item?.status,
          imported: item?.imported,
          rows: item?.rows,
          message: item?.message?.slice(0, 200),
        };
        run.true_state =
          item?.status === 'failed'
            ? Boolean(item.message)
            : item?.status === 'succeeded' && item.imported === IMPORT_PIPES;
        const groups = (await api.call('GET', '/api/datasets', { token: admin })).json?.datasets ?? [];
        run.dataset_of_failed_import_listed =
          item?.status === 'failed' && groups.some((d) => d.id === item.dataset_id);
      } else if (stage === 'plan') {
        const { last, states, failedPolls } = await waitJobEnd(
          api,
          session,
          `/api/plans/${run.plan_id}`,
          'state',
          ['done', 'failed'],
          jobWaitS(stage) * 1000,
          end0,
        );
        run.wait_seconds = jobWaitS(stage);
        run.dead_after_bound_s = db === 'postgres' ? BOUND_S.plan : 0;
        run.states_after_restart = states;
        run.failed_polls = failedPolls;
        run.end = {
          state: last?.state ?? null,
          result: last?.result ?? null,
          error: last?.error?.slice(0, 200) ?? null,
          proposals: last?.proposal_count ?? null,
        };
        // True: done, or failed with its reason; never left running or queued.
        run.true_state = last?.state === 'done' || (last?.state === 'failed' && Boolean(last.error));
      } else if (stage === 'export') {
        const { last, states, failedPolls } = await waitJobEnd(
          api,
          session,
          `/api/exports/${run.export_id}`,
          'status',
          ['ready', 'failed'],
          jobWaitS(stage) * 1000,
          end0,
        );
        run.wait_seconds = jobWaitS(stage);
        run.dead_after_bound_s = db === 'postgres' ? BOUND_S.export : 0;
        run.states_after_restart = states;
        run.failed_polls = failedPolls;
        run.end = {
          status: last?.status ?? null,
          rows: last?.rows ?? null,
          size_bytes: last?.sizeBytes ?? null,
          message: last?.message?.slice(0, 200) ?? null,
        };
        if (last?.status === 'ready') {
          const file = await api.call('GET', `/api/exports/${run.export_id}/file`, {
            token: admin,
            timeoutMs: 120_000,
          });
          const gdal = file.status === 200 && file.bytes > 0 ? gdalFeatures(file.body, EXPORT_FORMAT) : null;
          run.download = { status: file.status, bytes: file.bytes, gdal };
          run.file_valid =
            file.status === 200 &&
            file.bytes > 0 &&
            file.bytes === last.sizeBytes &&
            gdal?.feature_count === last.rows;
        }
        run.export_files_at_end = partialExportFiles(storage.dataDir);
        // True: ready with a file GDAL reads whole, or failed with its reason; and no half-made file left.
        run.true_state =
          (last?.status === 'ready'
            ? run.file_valid === true
            : last?.status === 'failed' && Boolean(last.message)) &&
          run.export_files_at_end.partial.length === 0;
      } else {
        const id = run.analysis_id;
        let last;
        while (performance.now() - end0 < WAIT_S * 1000) {
          const list =
            (await api.call('GET', `/api/datasets/${datasetId}/analyses`, { token: admin })).json ?? [];
          last = list.find?.((a) => a.id === id);
          if (last && ['complete', 'failed', 'cancelled'].includes(last.stage)) break;
          await sleep(1000);
        }
        const entry = (await api.call('GET', '/api/datasets/status', { token: admin })).json?.find?.(
          (d) => d.id === datasetId,
        );
        const card = await api.call('GET', `/api/datasets/${datasetId}/model-card`, { token: admin });
        run.end = {
          stage: last?.stage ?? null,
          error: last?.error ?? null,
          dataset_status: entry?.status,
          model_card: card.status,
        };
        // True: completed, or failed with a reason while the dataset still serves results.
        run.true_state =
          last?.stage === 'complete' ||
          (last?.stage === 'failed' && Boolean(last.error) && card.status === 200);
      }
      run.end_seconds_after_restart = Math.round(performance.now() - end0) / 1000;
      if (settled) {
        // Seconds after the restart began (the server's start included), as the server logged them.
        run.server_settled = settled.lines;
        settled = null;
      }
      if (run.killed_perf !== undefined) {
        run.end_seconds_after_kill = Math.round(performance.now() - run.killed_perf) / 1000;
        delete run.killed_perf;
      }
      runs.push(run);
      console.log(`kill ${db} ${stage}: ${JSON.stringify(run)}`);
    }
  } finally {
    await server.stop();
    await storage.dispose();
  }
  return {
    town_pipes: TOWN,
    import_pipes: IMPORT_PIPES,
    wait_seconds: WAIT_S,
    kill_delay_ms: DELAY_MS,
    runs,
    untrue_end_states: runs.filter((r) => !r.missed && !r.true_state).map((r) => r.stage),
    lost_writes: runs.reduce((n, r) => n + r.lost_writes.length, 0),
    ...(STAGES.some((st) => JOB_STAGES.has(st)) && {
      plan_budget_share: BUDGET_SHARE,
      export_kind: EXPORT_KIND,
      export_format: EXPORT_FORMAT,
      dead_job_bounds_s:
        db === 'postgres'
          ? { plan: PLAN_DEAD_AFTER_S, export: EXPORT_DEAD_AFTER_S, env_override: null }
          : 'none: the embedded database has one process, so a starting worker settles every active job',
    }),
    note: "Goals (issue 18): every killed import and analysis ends in a true state within the wait, 0 lost acknowledged writes. end_seconds_after_restart: how long after the restart the end state was seen (or the wait ran out). Issue 37: a killed plan ends done or failed with its message, a killed export ready (downloaded, its size and GDAL feature count as the row says) or failed with its message, no .part or 0-byte file under DATA_DIR/exports; on PostgreSQL their jobs are settled only once active longer than PLAN_DEAD_AFTER_S / EXPORT_DEAD_AFTER_S (server constants, no env override), so end_seconds_after_restart there is that bound less the job's age at the restart, plus up to a minute's sweep and the rerun.",
  };
}
