// Requests made from the server's own OpenAPI document (GET /api/docs/json, generated from the route schemas), so
// the isolation matrix covers a route the day it is added. Ids are named by resource ("dataset", "pipe",
// "saved_filter"…), harvested from one tenant's answers and put wherever a path, query or body field names that
// resource.

/** The operations of the document: method, path, parameters, JSON body schema. */
export function operationsOf(doc) {
  const ops = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const params = op.parameters ?? [];
      ops.push({
        method: method.toUpperCase(),
        path,
        key: `${method.toUpperCase()} ${path}`,
        pathParams: params.filter((p) => p.in === 'path'),
        queryParams: params.filter((p) => p.in === 'query'),
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
        multipart: Boolean(op.requestBody?.content?.['multipart/form-data']) || /uploads$/.test(path),
      });
    }
  }
  return ops;
}

// Names that mean the same resource in different places of the API.
const ALIASES = {
  asset: 'pipe',
  virtual_pipe: 'pipe',
  vis: 'segment',
  vis_segment: 'segment',
  client_user: 'user',
  snapshot: 'dataset',
  original_dataset: 'dataset',
  job_planner_scenario: 'planner_scenario',
  snapshot_entity: 'snapshot_group',
  manipulate_client: 'client',
  manipulate_user: 'user',
  organization_client: 'organization',
  organization_user: 'organization',
};

/** A field or path segment as a resource name: snake case, singular, aliases resolved. */
export function resourceOf(name) {
  let n = name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/-/g, '_');
  n = n.replace(/(_id|_ids|_entity)$/, '');
  if (n.endsWith('ies')) n = `${n.slice(0, -3)}y`;
  else if (n.endsWith('ses'))
    n = `${n.slice(0, -2)}is`; // analyses → analysis
  else if (n.endsWith('s') && !n.endsWith('ss')) n = n.slice(0, -1);
  return ALIASES[n] ?? n;
}

const isIdName = (name) => /(^id$|Id$|_id$|_ids$)/.test(name) || ['dataset', 'snapshot_group'].includes(name);

/** Collects ids from an answer: objects with `id` under `hint`, `x_id` fields under `x`, `native_id`s. */
export function harvest(node, hint, store) {
  const add = (res, v) => {
    if (v === null || v === undefined || typeof v === 'object') return;
    (store[res] ??= new Set()).add(v);
  };
  if (Array.isArray(node)) {
    for (const v of node.slice(0, 50)) harvest(v, hint, store);
    return;
  }
  if (!node || typeof node !== 'object') return;
  if ('id' in node) add(hint, node.id);
  for (const [k, v] of Object.entries(node)) {
    if (k === 'native_id' || k === 'nativeId') add('native', v);
    else if (/_id$/.test(k) && k !== 'native_id') add(resourceOf(k), v);
    else if (v && typeof v === 'object') harvest(v, resourceOf(k), store);
  }
}

/** The literal segment before a path parameter: the resource an `{id}` names. */
function resourceBefore(path, name) {
  const segs = path.split('/');
  const i = segs.indexOf(`{${name}}`);
  for (let j = i - 1; j >= 0; j--) if (segs[j] && !segs[j].startsWith('{')) return resourceOf(segs[j]);
  return name;
}

/**
 * Values for one tenant: `store` (harvested ids), `tile` ({z, x, y} in its network), `text` (a marker string).
 * `resolve` returns the value a named parameter gets and whether it was found or guessed.
 */
export function resolverFor({ store, tile, text, revision }) {
  const first = (res) => (store[res] ? [...store[res]][0] : undefined);
  return (name, schema = {}, path = '') => {
    if (name === '__text') return { value: text, found: true };
    const s = schema.anyOf?.find((x) => x.type !== 'null') ?? schema;
    if (s.enum) return { value: s.enum[0], found: true };
    if (name in tile) return { value: tile[name], found: true };
    if (name === 'revision') return { value: revision, found: true };
    // The tile route's layer is a free string checked by the service: the pipes layer always exists.
    if (name === 'layer' && path.includes('/tiles/')) return { value: 'pipes', found: true };
    if (name === 'nativeId' || name === 'native_id')
      return { value: first('native') ?? 'x', found: Boolean(first('native')) };
    if (!isIdName(name) && !(name in store)) return null;
    const res = name === 'id' ? resourceBefore(path, name) : resourceOf(name);
    const v = first(res);
    if (v !== undefined) return { value: v, found: true, resource: res };
    // Not harvested: the dataset is the id most routes hang off; a uuid gets the upload's.
    const fallback = s.format === 'uuid' || s.type === 'string' ? first('upload') : first('dataset');
    return { value: fallback, found: false, resource: res };
  };
}

/** A value for a JSON schema: required properties, plus optional ones that name a resource (to carry foreign ids). */
export function sample(schema, resolve, name = '', path = '', depth = 0) {
  if (!schema || depth > 12) return null;
  if (schema.anyOf || schema.oneOf) {
    const options = (schema.anyOf ?? schema.oneOf).filter((x) => x.type !== 'null' && !x.not);
    return sample(options[0] ?? {}, resolve, name, path, depth + 1);
  }
  if (schema.allOf) return sample(Object.assign({}, ...schema.allOf), resolve, name, path, depth + 1);
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined && !isIdName(name)) return schema.default;
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'object' || schema.properties) {
    const out = {};
    const required = new Set(schema.required ?? []);
    // Nothing required (a PATCH of one field): send the first field, so the request reaches the service.
    const props = Object.keys(schema.properties ?? {});
    if (required.size === 0 && props.length > 0) required.add(props.find((k) => !isIdName(k)) ?? props[0]);
    for (const [k, v] of Object.entries(schema.properties ?? {})) {
      if (required.has(k) || (isIdName(k) && resolve(k, v, path)?.found)) {
        out[k] = sample(v, resolve, k, path, depth + 1);
      }
    }
    return out;
  }
  if (type === 'array') {
    if (Array.isArray(schema.prefixItems))
      return schema.prefixItems.map((x) => sample(x, resolve, name, path, depth + 1));
    const n = Math.max(1, schema.minItems ?? 0);
    return Array.from({ length: Math.min(n, 3) }, () =>
      sample(schema.items ?? {}, resolve, name, path, depth + 1),
    );
  }
  if (type === 'integer' || type === 'number') {
    const r = isIdName(name) ? resolve(name, schema, path) : null;
    if (r?.value !== undefined && typeof r.value === 'number') return r.value;
    // 1 where the range allows it (a count, a year offset, a coordinate), else the nearest bound.
    const low = schema.minimum ?? -Infinity;
    const exclusive = schema.exclusiveMinimum === true || typeof schema.exclusiveMinimum === 'number';
    const floor = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : low;
    let v = Math.max(1, exclusive ? floor + 1 : low);
    if (schema.maximum !== undefined) v = Math.min(v, schema.maximum);
    return type === 'integer' ? Math.ceil(v) : v;
  }
  if (type === 'boolean') return false;
  if (type === 'string') {
    const r = isIdName(name) ? resolve(name, schema, path) : null;
    if (typeof r?.value === 'string') return r.value;
    if (schema.format === 'email') return 'nobody@example.com';
    if (schema.format === 'date-time')
      return /end|until|to$/i.test(name) ? '2026-12-31T00:00:00.000Z' : '2026-01-01T00:00:00.000Z';
    // An end after its start (a project's dates are checked in order).
    if (schema.format === 'date') return /end|until|to$/i.test(name) ? '2026-12-31' : '2026-01-01';
    if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
    const text = resolve('__text', {}, path)?.value ?? 'x';
    return text.padEnd(schema.minLength ?? 0, 'x').slice(0, schema.maxLength ?? 120);
  }
  return null;
}

/** The URL and body of an operation for one tenant's values; `unresolved` lists parameters that were guessed. */
export function requestFor(op, resolve) {
  const unresolved = [];
  let url = op.path;
  for (const p of op.pathParams) {
    const r = resolve(p.name, p.schema, op.path) ?? {
      value: sample(p.schema, resolve, p.name, op.path),
      found: false,
    };
    if (!r.found) unresolved.push(p.name);
    url = url.replace(`{${p.name}}`, encodeURIComponent(String(r.value ?? 1)));
  }
  const query = new URLSearchParams();
  for (const p of op.queryParams) {
    const r = resolve(p.name, p.schema, op.path);
    if (p.required || r?.found) {
      if (r && !r.found && p.required) unresolved.push(p.name);
      query.set(p.name, String(r?.value ?? sample(p.schema, resolve, p.name, op.path)));
    }
  }
  const qs = query.toString();
  return {
    url: qs ? `${url}?${qs}` : url,
    body: op.body ? sample(op.body, resolve, '', op.path) : undefined,
    unresolved,
  };
}
