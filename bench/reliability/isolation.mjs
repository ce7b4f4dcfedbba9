// Part 1 of issue 18's reliability bench: the tenant-isolation matrix. Every operation of the OpenAPI document ×
// every role of client 1 (administrator, worker, viewer, demo guest, and an API token of its administrator with
// each scope, sent bearer-only as a script does — issue 42) × client 2's ids. Client 2 (the JP demo) is
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

const SCOPES = ['read', 'import', 'plan', 'admin'];
/** Scopes that may write (a non-GET 2xx): 'read' never; the others through their own routes. */
const READ_ONLY = 'token:read';

/**
 * Scope limits on client 1's own resources, where a refusal can only be the scope (the API test, api-tokens.test.ts,
 * has the same on one database; here on the running server beside the matrix). [role, method, url, body, status].
 */
const SCOPE_PROBES = [
  ['token:read', 'POST', '/api/imports/uploads', undefined, 403],
  ['token:read', 'POST', '/api/planner-scenarios', {}, 403],
  ['token:read', 'POST', '/api/tokens', { name: 'x', scopes: ['admin'] }, 403],
  ['token:read', 'PATCH', '/api/user/information', { full_name: 'x' }, 403],
  ['token:import', 'POST', '/api/planner-scenarios', {}, 403],
  ['token:import', 'POST', '/api/tokens', { name: 'x', scopes: ['read'] }, 403],
  ['token:plan', 'POST', '/api/imports/uploads', undefined, 403],
  ['token:plan', 'POST', '/api/tokens', { name: 'x', scopes: ['read'] }, 403],
  ['token:admin', 'PUT', '/api/user/password', {}, 403],
  ['token:admin', 'GET', '/api/user/two-factor', undefined, 403],
  // And what the scope opens: a read, the planner's body check (400, past the scope), a token made.
  ['token:read', 'GET', '/api/datasets', undefined, 200],
  ['token:plan', 'POST', '/api/planner-scenarios', {}, 400],
  ['token:admin', 'POST', '/api/tokens', { name: 'minted', scopes: ['read'] }, 201],
];

/** Client 1's administrator makes one API token per scope (the session path of the settings screen). */
async function scopeTokens(api, session) {
  const out = {};
  for (const scope of SCOPES) {
    const r = await api.call('POST', '/api/tokens', {
      token: session,
      body: { name: `isolation ${scope}`, scopes: [scope] },
    });
    if (r.status !== 201) throw new Error(`POST /api/tokens ${scope}: ${r.status} ${r.text}`);
    out[`token:${scope}`] = r.json.token;
  }
  return out;
}

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

const countBy = (xs) => xs.reduce((m, x) => ({ ...m, [x]: (m[x] ?? 0) + 1 }), {});

export async function runIsolation(api) {
  const t0 = performance.now();
  const doc = (await api.call('GET', '/api/docs/json')).json;
  if (!doc?.paths) throw new Error('GET /api/docs/json gave no OpenAPI document');
  const ops = operationsOf(doc);
  const marker = `VCT${(Date.now() % 1e6).toString(36).toUpperCase()}`;
  const victim = await prepareVictim(api, ops, marker);
  // The attackers' own strings must not look like the victim's marker.
  const base = resolverFor({ ...victim.values, text: 'ATTACKER-text' });
  // OGC API – Features names a collection `<dataset>-<layer>` and a feature by its id: the victim's pipes.
  const victimCollection = `${[...victim.values.store.dataset][0]}-pipes`;
  const resolve = (name, schema, path) => {
    if (name === 'collectionId') return { value: victimCollection, found: true, resource: 'dataset' };
    if (name === 'featureId') {
      const pipe = victim.values.store.pipe && [...victim.values.store.pipe][0];
      return { value: pipe ?? 1, found: pipe !== undefined, resource: 'pipe' };
    }
    return base(name, schema, path);
  };
  const roles = Object.fromEntries(
    await Promise.all(
      ['administrator', 'worker', 'viewer', 'guest'].map(async (r) => [
        r,
        await api.login(ACCOUNTS[r], PASSWORD),
      ]),
    ),
  );
  Object.assign(roles, await scopeTokens(api, roles.administrator));
  const markerBytes = victim.markers.map((m) => Buffer.from(m));
  const leaks = [];
  const errors5xx = [];
  const foreign2xx = [];
  const unresolved = [];
  const notExercised = [];
  const rows = [];
  const readTokenWrites = [];
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
    // A read token that wrote: only the session plumbing (logout, revoke of nothing) may answer 2xx there.
    const readStatus = row.status[READ_ONLY];
    if (op.method !== 'GET' && readStatus >= 200 && readStatus < 300)
      readTokenWrites.push({ op: op.key, status: readStatus });
    rows.push(row);
    if (rows.length % 25 === 0)
      console.log(`isolation: ${rows.length}/${ordered.length} operations, ${leaks.length} leaks`);
  }
  // The scope probes, and the victim's collection by the query token (?token=, for GIS clients without headers).
  const scopeProbes = [];
  for (const [role, method, url, body, expected] of SCOPE_PROBES) {
    const r = await api.call(method, url, { token: roles[role], body });
    scopeProbes.push({ role, op: `${method} ${url}`, expected, status: r.status, code: r.json?.code });
  }
  for (const role of Object.keys(roles).filter((r) => r.startsWith('token:'))) {
    const q = `token=${encodeURIComponent(roles[role])}`;
    // 'import' and 'plan' do not imply 'read' ('admin' does): their refusal is the scope's, before any tenant check.
    const reads = role === 'token:read' || role === 'token:admin';
    for (const url of [
      `/ogc/collections/${victimCollection}?${q}`,
      `/ogc/collections/${victimCollection}/items?${q}`,
    ]) {
      const r = await api.call('GET', url, {});
      calls++;
      const leaked = markerBytes.find((m) => r.body?.includes(m));
      if (leaked) leaks.push({ op: 'GET ?token=', role, status: r.status, url, marker: String(leaked) });
      scopeProbes.push({
        role,
        op: `GET ${url.split('?')[0]}?token=…`,
        expected: reads ? 404 : 403,
        status: r.status,
      });
    }
    const list = await api.call('GET', `/ogc/collections?${q}`, {});
    scopeProbes.push({
      role,
      op: 'GET /ogc/collections?token=… lists no collection of client 2',
      expected: reads ? 200 : 403,
      status: list.status === 200 && list.text.includes(`"${victimCollection}"`) ? -200 : list.status,
    });
  }
  const scopeFailed = scopeProbes.filter((p) => p.status !== p.expected);
  const tokenRoles = Object.keys(roles).filter((r) => r.startsWith('token:'));
  const tokenFor = (pred) =>
    rows.filter((r) => r.foreign_id && r.op.split(' ')[0] !== 'DELETE' && pred(r)).length;
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
    tokens: {
      roles: tokenRoles,
      calls: rows.length * tokenRoles.length,
      leaks: leaks.filter((l) => l.role.startsWith('token:')).length,
      errors_5xx: errors5xx.filter((e) => e.role.startsWith('token:')).length,
      foreign_id_2xx: foreign2xx.filter((f) => f.role.startsWith('token:')),
      foreign_id_ops_refused_by_every_token: tokenFor((r) =>
        tokenRoles.every(
          (t) => r.status[t] === 404 || r.status[t] === 403 || r.status[t] === 401 || r.status[t] === 400,
        ),
      ),
      foreign_id_ops: tokenFor(() => true),
      status_counts: Object.fromEntries(tokenRoles.map((t) => [t, countBy(rows.map((r) => r.status[t]))])),
      read_token_non_get_2xx: readTokenWrites,
      scope_probes: scopeProbes.length,
      scope_probes_failed: scopeFailed,
      scope_probe_list: scopeProbes,
      note:
        'API tokens of client 1’s administrator, one per scope, sent bearer-only (no cookie, no CSRF) as a script ' +
        'does; the same leak and 5xx checks as the sessions. read_token_non_get_2xx should hold only the session ' +
        'plumbing open to any caller (client-errors, token/revoke of a refresh token it does not own). ' +
        'scope_probes are on client 1’s own resources (a refusal there is the scope), plus the victim’s OGC ' +
        'collection by ?token=; status -200 on the list probe means client 2’s collection was listed.',
    },
    matrix: rows,
    seconds: Math.round(performance.now() - t0) / 1000,
    note: 'A leak is any answer carrying client 2’s markers to a client-1 caller. foreign_id_2xx_without_marker lists 2xx answers to calls with a foreign path id that carried no marker (review them: an empty list, a tile or a write that did nothing). owner_get_2xx: how many of the GETs the victim itself could answer (the calls that reached the tenant check).',
  };
}
