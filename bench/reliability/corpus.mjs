// Part 2 of issue 18's reliability bench: the malformed-file corpus (corpus-files.mjs) through the real wizard API
// — upload, then for what is accepted inspect, validate and (up to RELIABILITY_CORPUS_COMMITS files) commit —
// while GET /api/health is asked every 100 ms. Reported per format and kind: crashes (the process exited), stalls
// (no answer within RELIABILITY_STALL_S: the server is killed and restarted so the corpus goes on), 5xx,
// messages that name nothing, partial writes (row counts before and after, less what succeeded imports wrote) and
// the health latency meanwhile. RELIABILITY_CORPUS_FILES (default 500; smoke 100), RELIABILITY_CORPUS_SEED.
// Then issue 37's cross-tenant timing (`crafted` in the result, after the row counts): client 1 validates
// RELIABILITY_CRAFTED_FILES same-node .inp files of RELIABILITY_CRAFTED_PIPES pipes at once; a second later client 2
// uploads and validates a 12-pipe GeoJSON: each answer's time, 5xx, health meanwhile (crafted-upload.bench.mjs
// measures the same in one process; here it goes through the spawned server as a tenant's browser would).
import { sql } from 'drizzle-orm';
import { openDatabase, withSystem } from '../../apps/server/src/db/database.ts';
import { ACCOUNTS, healthProbe, percentiles } from './api.mjs';
import {
  baseFiles,
  corpusFile,
  craftedInp,
  craftedOptions,
  FORMATS,
  sizes,
  smallGeoJson,
} from './corpus-files.mjs';
import { PASSWORD, sleep } from './server.mjs';

const COUNTED = [
  'pipes',
  'valves',
  'breaks',
  'datasets',
  'snapshots',
  'snapshot_groups',
  'imports',
  'uploads',
];

/** Row counts of the tables an import writes. PGlite has one owner: the server is stopped for the count. */
async function countRows(server, storage) {
  const embedded = storage.kind === 'pglite';
  if (embedded) await server.stop();
  const database = await openDatabase({ dataDir: storage.dataDir, databaseUrl: storage.databaseUrl });
  try {
    return await withSystem(database.db, async (tx) => {
      const out = {};
      for (const t of COUNTED)
        out[t] = Number((await tx.execute(sql.raw(`SELECT count(*) AS n FROM ${t}`))).rows[0].n);
      return out;
    });
  } finally {
    await database.close();
    if (embedded) await server.start();
  }
}

// A message names what is wrong when, the file's own name taken out, it still points at a place in the file (row,
// line, field, byte, entry, layer…) or names the rule or format broken — not only "cannot be read".
const NAMES_SOMETHING =
  /\b(rows?|lines?|columns?|fields?|byte|character|position|entry|entries|layer|table|view|section|record|features?|header|encoding|utf-?8|utf-?16|zip|json|geojson|geopackage|sqlite|shapefile|\.?shp|\.?dbf|\.?shx|\.?prj|\.?cpg|crs|epsg|srs|size|limit|nul|quote|depth|nest|geometry|coordinates?)\b/i;
const namesSomething = (message, fileName) => NAMES_SOMETHING.test(message.split(fileName).join(''));

/** The wizard's steps after a successful upload; returns each step's status and the last message. */
async function wizard(api, token, upload, commitBudget) {
  const steps = {};
  const layer = upload.layers?.[0]?.name;
  if (!layer) return steps;
  const base = { layer, type: 'assets', asset_layer: 'pipes' };
  const inspect = await api.call('POST', `/api/imports/uploads/${upload.id}/inspect`, { token, body: base });
  steps.inspect = inspect;
  if (inspect.status !== 200) return steps;
  const options = {
    ...base,
    mapping: inspect.json.suggested_mapping ?? {},
    target: { new_group_name: `corpus ${upload.id.slice(0, 8)}` },
  };
  const validate = await api.call('POST', `/api/imports/uploads/${upload.id}/validate`, {
    token,
    body: options,
  });
  steps.validate = validate;
  if (validate.status !== 200 || !validate.json?.can_import || commitBudget.left <= 0) return steps;
  commitBudget.left--;
  steps.commit = await api.call('POST', `/api/imports/uploads/${upload.id}/commit`, { token, body: options });
  return steps;
}

export async function runCorpus({ server, api, storage, smoke }) {
  const FILES = Number(process.env.RELIABILITY_CORPUS_FILES ?? (smoke ? 100 : 500));
  const SEED = Number(process.env.RELIABILITY_CORPUS_SEED ?? 18);
  const STALL_S = Number(process.env.RELIABILITY_STALL_S ?? (smoke ? 20 : 60));
  const commitBudget = { left: Number(process.env.RELIABILITY_CORPUS_COMMITS ?? (smoke ? 5 : 30)) };
  const s = sizes(smoke);
  const base = await baseFiles(s, SEED);
  const before = await countRows(server, storage);
  const token = await api.login(ACCOUNTS.administrator, PASSWORD);
  const byKind = {};
  const problems = { crashes: [], stalls: [], errors_5xx: [], unnamed_messages: [], timeouts: [] };
  const committed = [];
  const uploadMs = [];
  let probe = healthProbe(api);
  const healthRuns = [];
  const healthSamples = [];
  const stopProbe = async () => {
    const summary = await probe.stop();
    healthSamples.push(...probe.samples);
    return summary;
  };
  const t0 = performance.now();
  /** When each file's calls began (Date.now()) and its kind: which file a slow health answer was waiting beside. */
  const timeline = [];
  for (let i = 0; i < FILES; i++) {
    const file = await corpusFile(i, SEED, s, base);
    timeline.push({ at: Date.now(), kind: `${file.format}/${file.kind}` });
    const k = (byKind[`${file.format}/${file.kind}`] ??= {
      files: 0,
      accepted: 0,
      importable: 0,
      rejected_4xx: 0,
      errors_5xx: 0,
      crashes: 0,
      stalls: 0,
      max_ms: 0,
      messages: new Set(),
    });
    k.files++;
    const crashesBefore = server.crashes().length;
    const up = await api.upload(token, file.name, file.bytes, { timeoutMs: STALL_S * 1000 });
    uploadMs.push(up.ms);
    k.max_ms = Math.max(k.max_ms, Math.round(up.ms));
    const steps = {
      upload: up,
      ...(up.status === 200 ? await wizard(api, token, up.json, commitBudget) : {}),
    };
    for (const [step, r] of Object.entries(steps)) {
      if (!r) continue;
      const where = { index: file.index, format: file.format, kind: file.kind, step, status: r.status };
      if (r.status >= 500) {
        k.errors_5xx++;
        problems.errors_5xx.push({ ...where, message: r.json?.message ?? r.text.slice(0, 200) });
      } else if (r.status >= 400) {
        const message = r.json?.message ?? '';
        k.messages.add(`${step} ${r.status}: ${message.slice(0, 160)}`);
        if (!namesSomething(message, file.name)) problems.unnamed_messages.push({ ...where, message });
      } else if (r.status === 0) problems.timeouts.push({ ...where, ms: Math.round(r.ms), error: r.error });
    }
    if (up.status === 200) k.accepted++;
    else if (up.status >= 400 && up.status < 500) k.rejected_4xx++;
    if (steps.validate?.json?.can_import) k.importable++;
    if (steps.commit?.status === 202) committed.push(steps.commit.json.id);
    const crashed = server.crashes().length > crashesBefore;
    // A call that timed out: is the whole server stuck? Then every tenant is; kill it and go on.
    const stuck =
      !crashed &&
      Object.values(steps).some((r) => r?.status === 0) &&
      (await api.call('GET', '/api/health', { timeoutMs: 5000 })).status !== 200;
    if (crashed || stuck) {
      healthRuns.push(await stopProbe());
      if (crashed) {
        k.crashes++;
        problems.crashes.push({
          index: file.index,
          format: file.format,
          kind: file.kind,
          exit: server.crashes().at(-1),
          log: server.logs.slice(-3),
        });
      } else {
        k.stalls++;
        problems.stalls.push({
          index: file.index,
          format: file.format,
          kind: file.kind,
          seconds: STALL_S,
          rss_mib: server.rssMib(),
        });
        await server.kill();
      }
      await server.start();
      probe = healthProbe(api);
    }
    if ((i + 1) % 25 === 0)
      console.log(
        `corpus: ${i + 1}/${FILES} files, ${problems.errors_5xx.length} × 5xx, ${problems.crashes.length} crashes, ${problems.stalls.length} stalls`,
      );
  }
  healthRuns.push(await stopProbe());
  const corpusSeconds = Math.round(performance.now() - t0) / 1000;
  const health = {
    ...percentiles(healthSamples.map((x) => x.ms)),
    failed: healthSamples.filter((x) => x.status !== 200).length,
    over_1s: healthSamples.filter((x) => x.ms > 1000).length,
    over_1s_beside: overOneSecondBeside(healthSamples, timeline),
  };
  // The committed imports end before the rows are counted again.
  const imports = [];
  for (const id of committed) imports.push(await api.waitImport(token, id, 5 * 60_000));
  await sleep(1000);
  const after = await countRows(server, storage);
  const crafted = await crossTenant({ server, api, token, s });
  const succeeded = imports.filter((x) => x?.status === 'succeeded');
  const expected = {
    pipes: succeeded.reduce((n, x) => n + (x.asset_layer === 'pipes' ? (x.imported ?? 0) : 0), 0),
  };
  const delta = Object.fromEntries(COUNTED.map((t) => [t, after[t] - before[t]]));
  const partial = {
    pipes_written_by_failed_imports: delta.pipes - expected.pipes,
    datasets_beyond_succeeded_imports: delta.datasets - succeeded.length,
    uploads_kept_for_rejected_files:
      delta.uploads - Object.values(byKind).reduce((n, x) => n + x.accepted, 0),
  };
  return {
    files: FILES,
    seed: SEED,
    sizes: s,
    formats: FORMATS.map((f) => ({ format: f.format, kinds: Object.keys(f.kinds) })),
    crashes: problems.crashes.length,
    stalls: problems.stalls.length,
    errors_5xx: problems.errors_5xx.length,
    unnamed_messages: problems.unnamed_messages.length,
    timeouts: problems.timeouts.length,
    partial_writes: partial,
    corpus_seconds: corpusSeconds,
    upload_ms: percentiles(uploadMs),
    health_ms_during_corpus: health,
    health_ms_per_server_run: healthRuns,
    imports_committed: imports.map((x) => ({
      id: x?.id,
      status: x?.status,
      imported: x?.imported,
      message: x?.message?.slice(0, 200),
    })),
    rows_before: before,
    rows_after: after,
    crafted,
    by_kind: Object.fromEntries(
      Object.entries(byKind).map(([key, v]) => [key, { ...v, messages: [...v.messages].slice(0, 4) }]),
    ),
    problems,
    note: "Goals (issue 18): 0 crashes, 0 stalls, 0 partial writes, 0 × 5xx, every message names what is wrong, health p99 < 1 s. uploads_kept_for_rejected_files counts upload rows beyond the accepted files (0 when a rejected file leaves nothing). crafted (issue 37, after the row counts): the same-node .inp files validate in seconds with no 5xx, and client 2's 12-pipe upload and validation answer in seconds meanwhile (before issue 37's fixes: 286.9 s for the upload, the crafted parses stopped at 300 s).",
  };
}

/**
 * Issue 37's probe through the spawned server: client 1's crafted validations all at once, client 2's small upload
 * and validation a second later. Times in seconds from each call's start to its answer.
 */
async function crossTenant({ server, api, token, s }) {
  const sec = (ms) => Math.round(ms) / 1000;
  if (!server.alive()) await server.start();
  const other = await api.login(ACCOUNTS.jpAdmin, PASSWORD);
  const bytes = craftedInp(s.craftedPipes);
  const crashesBefore = server.crashes().length;
  const uploads = [];
  for (let i = 0; i < s.craftedFiles; i++)
    uploads.push(await api.upload(token, `crafted-${i}.inp`, bytes, { timeoutMs: 600_000 }));
  const accepted = uploads.filter((u) => u.status === 200);
  const probe = healthProbe(api);
  const t0 = performance.now();
  const runs = accepted.map((u, i) =>
    api.call('POST', `/api/imports/uploads/${u.json.id}/validate`, {
      token,
      body: craftedOptions(`Crafted ${i}`),
      timeoutMs: 600_000,
    }),
  );
  await sleep(1000);
  const small = await api.upload(other, 'small.geojson', smallGeoJson(), { timeoutMs: 600_000 });
  const smallValidation =
    small.status === 200
      ? await api.call('POST', `/api/imports/uploads/${small.json.id}/validate`, {
          token: other,
          body: {
            layer: small.json.layers[0].name,
            type: 'assets',
            asset_layer: 'pipes',
            mapping: { nativeId: 'ID', diameter: 'DIA' },
            target: { new_group_name: 'Small' },
          },
          timeoutMs: 600_000,
        })
      : null;
  const smallDoneS = sec(performance.now() - t0);
  const validations = await Promise.all(runs);
  const allDoneS = sec(performance.now() - t0);
  const health = await probe.stop();
  const answers = [...uploads, ...validations, small, ...(smallValidation ? [smallValidation] : [])];
  return {
    pipes: s.craftedPipes,
    files: s.craftedFiles,
    bytes: bytes.length,
    crafted_uploads: uploads.map((u) => ({ status: u.status, s: sec(u.ms) })),
    crafted_validations: validations.map((v) => ({
      status: v.status,
      s: sec(v.ms),
      can_import: v.json?.can_import ?? null,
      blocking: v.json?.blocking ?? null,
      rows: v.json?.rows ?? null,
      message: v.status === 200 ? null : (v.json?.message ?? v.text ?? v.error ?? '').slice(0, 200),
    })),
    crafted_validation_max_s: validations.length ? Math.max(...validations.map((v) => sec(v.ms))) : null,
    crafted_all_done_s: allDoneS,
    other_client_upload: { status: small.status, s: sec(small.ms) },
    other_client_validation: smallValidation
      ? {
          status: smallValidation.status,
          s: sec(smallValidation.ms),
          can_import: smallValidation.json?.can_import,
        }
      : null,
    other_client_done_after_crafted_start_s: smallDoneS,
    errors_5xx: answers.filter((r) => r.status >= 500).length,
    timeouts: answers.filter((r) => r.status === 0).length,
    crashes: server.crashes().length - crashesBefore,
    health_ms: health,
    before_issue_37: { other_client_upload_s: 286.9, crafted_parse_stopped_at_s: 300 },
  };
}

/** Health answers over 1 s, counted by the kind of corpus file whose calls were under way when they were asked. */
function overOneSecondBeside(samples, timeline) {
  const counts = {};
  for (const x of samples) {
    if (x.ms <= 1000) continue;
    const asked = x.at - x.ms;
    let kind = 'before the first file';
    for (const t of timeline) {
      if (t.at > asked) break;
      kind = t.kind;
    }
    counts[kind] = (counts[kind] ?? 0) + 1;
  }
  return Object.fromEntries(Object.entries(counts).sort((a, b) => b[1] - a[1]));
}
