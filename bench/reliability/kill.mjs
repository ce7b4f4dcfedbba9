// Part 3 of issue 18's reliability bench: kill -9 during an import and during each analysis stage, restart on the
// same data, and check that the work ends in a true state (the import succeeded whole or failed with a message;
// the analysis completed or failed while the dataset kept serving) and that no acknowledged write was lost (saved
// filters created with a 201 by a writer running through each kill).
// The kill comes from the server's own log: the instant a stage starts (its predecessor's 'analysis: stage
// stored'), plus RELIABILITY_KILL_DELAY_MS, so a small town still dies inside the stage.
//   RELIABILITY_KILL_STAGES (default import,preprocess,lof,cof,tiling; smoke import,lof),
//   RELIABILITY_KILL_TOWN_PIPES (3000; smoke 500), RELIABILITY_KILL_IMPORT_PIPES (30000; smoke 5000),
//   RELIABILITY_KILL_WAIT_S (how long after the restart the end state may take: 300; a killed run's lease lasts
//   90 s and the resume sweep runs every minute).
import { ACCOUNTS, Api, importMains, mainsCsv } from './api.mjs';
import { openStorage, PASSWORD, ServerProcess, sleep } from './server.mjs';

// The log line after which a stage is running: the kill lands in that stage.
const STARTS = {
  preprocess: (e) => e.msg === 'analysis: inputs loaded',
  lof: (e) => e.msg === 'analysis: stage stored' && e.stage === 'preprocess',
  cof: (e) => e.msg === 'analysis: stage stored' && e.stage === 'lof',
  tiling: (e) => e.msg === 'analysis: stage stored' && e.stage === 'cof',
};
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

export async function runKill({ db, smoke }) {
  const STAGES = (
    process.env.RELIABILITY_KILL_STAGES ?? (smoke ? 'import,lof' : 'import,preprocess,lof,cof,tiling')
  ).split(',');
  const TOWN = Number(process.env.RELIABILITY_KILL_TOWN_PIPES ?? (smoke ? 500 : 3000));
  const IMPORT_PIPES = Number(process.env.RELIABILITY_KILL_IMPORT_PIPES ?? (smoke ? 5000 : 30000));
  const WAIT_S = Number(process.env.RELIABILITY_KILL_WAIT_S ?? 300);
  const DELAY_MS = Number(process.env.RELIABILITY_KILL_DELAY_MS ?? 200);
  const storage = await openStorage(db, 'kill');
  let armed = null;
  const server = new ServerProcess(storage, {
    env: { DEMO_CITY_PIPES: String(TOWN) },
    onLog(entry, srv) {
      if (!armed || armed.fired || !STARTS[armed.stage]?.(entry)) return;
      armed.fired = { msg: entry.msg, analysisId: entry.analysisId };
      setTimeout(() => void srv.kill(), DELAY_MS);
    },
  });
  const runs = [];
  try {
    await server.start();
    const api = new Api(() => server.base);
    const admin = await api.login(ACCOUNTS.administrator, PASSWORD);
    const current = (await api.call('GET', '/api/snapshots/current', { token: admin })).json;
    const datasetId = current.dataset.id;
    const groupId = current.snapshot_group_entity_id;
    await api.waitAnalysed(admin, datasetId);
    for (const stage of STAGES) {
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
      await server.start();
      run.restart_seconds = Math.round(performance.now() - restart0) / 1000;
      run.acknowledged_writes = acknowledged.length;
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
    note: 'Goals (issue 18): every killed import and analysis ends in a true state within the wait, 0 lost acknowledged writes. end_seconds_after_restart: how long after the restart the end state was seen (or the wait ran out).',
  };
}
