// Part 1 of issue 18's reliability bench: the tenant-isolation matrix. Every operation of the OpenAPI document ×
// every role of client 1 (administrator, worker, viewer, demo guest) × client 2's ids. Client 2 (the JP demo) is
// given data through the API first — an imported network with its analysis, and whatever its administrator can
// create from the document's own request schemas — so every id a route takes can be a foreign one.
// A leak: a 2xx (or any answer) whose body carries one of client 2's markers (its network's name, its pipes'
// native ids, its administrator's e-mail or name, its client name). The bench reports; it asserts nothing.
import { SUBSCRIPTIONS } from '@pipewise/domain';
import { ACCOUNTS, importMains, mainsCsv } from './api.mjs';
import { PASSWORD } from './server.mjs';
import { harvest, operationsOf, requestFor, resolverFor, resourceOf } from './openapi.mjs';

const VICTIM_PIPES = Number(process.env.RELIABILITY_VICTIM_PIPES ?? 60);
// Creating these for the victim would change its account or start work that is not a resource.
const NO_VICTIM_CREATE =
  /\/(token|token\/\w+|users|password-reset|contact-us|client-errors|uploads|admin\/clients|execute|merge|bulk|refresh-tiles|commit|inspect|validate|materials|set-client|email|generate)$/;

/** z/x/y of the tile holding a [lng, lat] at zoom z. */
function tileOf([lng, lat], z) {
  const n = 2 ** z;
  const x = Math.floor(((lng + 180) / 360) * n);
  const r = (lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n);
  return { z, x, y };
}

/** Gives client 2 a network (import + analysis) and harvests every id its administrator can see or create. */
async function prepareVictim(api, ops, marker) {
  const token = await api.login(ACCOUNTS.jpAdmin, PASSWORD);
  // Every subscription, so the planner's resources exist for client 2 as well (staff may set them).
  const staff = await api.login(ACCOUNTS.staff, PASSWORD);
  await api.call('PATCH', '/api/admin/clients/2', {
    token: staff,
    body: { subscriptions: [...SUBSCRIPTIONS] },
  });
  const { item } = await importMains(
    api,
    token,
    mainsCsv(VICTIM_PIPES, { prefix: `${marker}-P`, x0: 139.7, y0: 35.68 }),
    { new_group_name: `${marker} network` },
    `${marker}.csv`,
  );
  const done = await api.waitImport(token, item.id);
  if (done?.status !== 'succeeded') throw new Error(`the victim's import ended ${JSON.stringify(done)}`);
  await api.waitAnalysed(token, done.dataset_id);
  const store = {};
  const datasets = (await api.call('GET', '/api/datasets', { token })).json?.datasets ?? [];
  const own = datasets.find((d) => d.id === done.dataset_id);
  const revision = Number(/-r(\d+)$/.exec(own?.folder ?? '')?.[1] ?? 1);
  const values = {
    store,
    tile: tileOf(own?.center ?? [139.7, 35.68], 14),
    text: `${marker}-text`,
    revision,
  };
  store.dataset = new Set([done.dataset_id]);
  store.import = new Set([done.id]);
  store.snapshot_group = new Set([done.snapshot_group_id]);
  // The upload stays on file after its commit: its uuid is a foreign id too.
  const up = await api.upload(token, `${marker}-2.csv`, Buffer.from(mainsCsv(5, { prefix: `${marker}-U` })));
  if (up.status === 200) store.upload = new Set([up.json.id]);
  const resolve = resolverFor(values);
  const created = [];
  const ask = async (op) => {
    const req = requestFor(op, resolve);
    if (req.unresolved.length) return;
    const r = await api.call(op.method, req.url, { token, body: req.body });
    const segs = op.path.split('/').filter((s) => s && !s.startsWith('{'));
    const hint = resourceOf(segs.at(-1) ?? '');
    if (r.json) harvest(r.json, hint, store);
    if (op.method === 'POST')
      created.push({ op: op.key, status: r.status, ...(r.status >= 400 && { message: r.json?.message }) });
  };
  // Lists first, then the reads that need an id (pipes, segments), then what the victim can create from the
  // document's schemas (a project names pipes), then the reads again for what was created.
  const lists = ops.filter((o) => o.method === 'GET' && o.pathParams.length === 0);
  const reads = ops.filter((o) => o.method === 'GET' && o.pathParams.length > 0 && !/\.mvt$/.test(o.path));
  const creates = ops.filter((o) => o.method === 'POST' && !o.multipart && !NO_VICTIM_CREATE.test(o.path));
  for (const op of [...lists, ...reads, ...creates, ...lists, ...reads]) await ask(op);
  const me = (await api.call('GET', '/api/user/info', { token })).json;
  return {
    token,
    values,
    created,
    markers: [marker, ACCOUNTS.jpAdmin, me?.full_name ?? '山田 太郎', 'デモ水道局'],
  };
}

export async function runIsolation(api) {
  const t0 = performance.now();
  const doc = (await api.call('GET', '/api/docs/json')).json;
  if (!doc?.paths) throw new Error('GET /api/docs/json gave no OpenAPI document');
  const ops = operationsOf(doc);
  const marker = `VCT${(Date.now() % 1e6).toString(36).toUpperCase()}`;
  const victim = await prepareVictim(api, ops, marker);
  // The attackers' own strings must not look like the victim's marker.
  const resolve = resolverFor({ ...victim.values, text: 'ATTACKER-text' });
  const roles = Object.fromEntries(
    await Promise.all(
      ['administrator', 'worker', 'viewer', 'guest'].map(async (r) => [
        r,
        await api.login(ACCOUNTS[r], PASSWORD),
      ]),
    ),
  );
  const markerBytes = victim.markers.map((m) => Buffer.from(m));
  const leaks = [];
  const errors5xx = [];
  const foreign2xx = [];
  const unresolved = [];
  const notExercised = [];
  const rows = [];
  // Deletes last: should one pass, it must not take away what the other calls look for.
  const ordered = [...ops.filter((o) => o.method !== 'DELETE'), ...ops.filter((o) => o.method === 'DELETE')];
  let calls = 0;
  for (const op of ordered) {
    const req = requestFor(op, resolve);
    if (req.unresolved.length) unresolved.push({ op: op.key, params: req.unresolved });
    const carriesForeignId =
      op.pathParams.length > 0 || /_id|dataset|snapshot/.test(req.url + JSON.stringify(req.body ?? {}));
    const row = { op: op.key, foreign_id: carriesForeignId, status: {} };
    for (const [role, token] of Object.entries(roles)) {
      const r = await api.call(op.method, req.url, { token, body: op.multipart ? undefined : req.body });
      calls++;
      row.status[role] = r.status;
      const leaked = markerBytes.find((m) => r.body?.includes(m));
      if (leaked)
        leaks.push({
          op: op.key,
          role,
          status: r.status,
          url: req.url,
          marker: String(leaked),
          excerpt: r.text.slice(0, 200),
        });
      if (r.status >= 500 || r.status === 0)
        errors5xx.push({
          op: op.key,
          role,
          status: r.status,
          url: req.url,
          message: r.json?.message ?? r.error ?? '',
        });
      if (!leaked && carriesForeignId && op.pathParams.length > 0 && r.status >= 200 && r.status < 300)
        foreign2xx.push({ op: op.key, role, status: r.status, url: req.url, bytes: r.bytes });
      if (r.status === 400 && op.body) notExercised.push({ op: op.key, role, message: r.json?.message });
    }
    // The owner's answer to the same request: a 2xx there means the attackers' calls reached the tenant check.
    if (op.method === 'GET' && op.pathParams.length > 0)
      row.owner_status = (await api.call('GET', req.url, { token: victim.token })).status;
    rows.push(row);
    if (rows.length % 25 === 0)
      console.log(`isolation: ${rows.length}/${ordered.length} operations, ${leaks.length} leaks`);
  }
  return {
    operations: ops.length,
    roles: Object.keys(roles),
    calls,
    victim: {
      client: 2,
      pipes: VICTIM_PIPES,
      harvested: Object.fromEntries(
        Object.entries(victim.values.store).map(([k, v]) => [k, [...v].slice(0, 3)]),
      ),
      created: victim.created,
    },
    leaks: leaks.length,
    errors_5xx: errors5xx.length,
    leak_list: leaks,
    error_5xx_list: errors5xx,
    foreign_id_2xx_without_marker: foreign2xx,
    body_rejected_400: notExercised.length,
    body_rejected_400_ops: [...new Set(notExercised.map((n) => n.op))],
    owner_get_2xx: rows.filter((r) => r.owner_status >= 200 && r.owner_status < 300).length,
    owner_get_total: rows.filter((r) => r.owner_status !== undefined).length,
    unresolved_params: unresolved,
    matrix: rows,
    seconds: Math.round(performance.now() - t0) / 1000,
    note: 'A leak is any answer carrying client 2’s markers to a client-1 caller. foreign_id_2xx_without_marker lists 2xx answers to calls with a foreign path id that carried no marker (review them: an empty list, a tile or a write that did nothing). owner_get_2xx: how many of the GETs the victim itself could answer (the calls that reached the tenant check).',
  };
}
