// OGC API – Features, Part 1 Core and GeoJSON (issue 42; docs/api-ogc.md) under /ogc, read only, for QGIS, ArcGIS
// and GDAL: one collection per layer of each current dataset of the caller's client (`{datasetId}-{layer}`).
// Authorised like every route by a bearer (an API token with 'read', or a session); GIS clients that cannot send
// a header may put an API token in `?token=` (lib/log-options.ts keeps it out of the logs), and then every link of
// the answer carries it, so that a client following `next` stays signed in. Tenant-scoped by withTenant (RLS).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_TOKEN } from '@pipewise/domain';
import { withTenant, type Db } from '../../db/database.ts';
import type { AuthUser, Deps } from '../../deps.ts';
import { AppError, notFound, unauthorized } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/auth.ts';
import { gatesOf, type Gates } from '../assets/viewer.ts';
import { loadViewer } from '../assets/viewer.repository.ts';
import type { DatasetRecord } from '../datasets/dataset-view.ts';
import { findRecord, listCurrentRecords } from '../datasets/datasets.repository.ts';
import { LAYER_NAMES, layersFor, type Layer, type LayerName, type LayerProperty } from './ogc-layers.ts';
import { featureById, featurePage, layerExtent, type Bbox, type PageQuery } from './ogc.repository.ts';

export const CRS84 = 'http://www.opengis.net/def/crs/OGC/1.3/CRS84';
export const CONFORMANCE = [
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/oas30',
];
export const LIMIT = { default: 1000, max: 10_000 } as const;
const JSON_TYPE = 'application/json';
const GEOJSON = 'application/geo+json';
const SCHEMA_REL = 'http://www.opengis.net/def/rel/ogc/1.0/schema';

const security: Record<string, string[]>[] = [{ bearerAuth: [] }, { apiToken: [] }, { apiTokenQuery: [] }];
const collectionParams = z.object({ collectionId: z.string().max(100) });
const featureParams = collectionParams.extend({ featureId: z.string().max(40) });
/**
 * The items query as the OpenAPI document describes it (QGIS and newer GDAL read `limit`'s default and maximum there
 * to size their pages). Every value stays a string for parseItemsQuery, which checks them, clamps `limit` (a larger
 * one is not an error, as Part 1 asks) and takes any other key as a property filter: hence a loose object.
 */
const text = (meta: Record<string, unknown>) => z.string().optional().meta(meta);
const tokenParam = text({
  description: 'An API token (pwt_…) for clients that cannot send a header; never logged.',
});
const itemsQuery = z.looseObject({
  limit: text({
    type: 'integer',
    minimum: 1,
    maximum: LIMIT.max,
    default: LIMIT.default,
    description: `Features per page (a larger value is taken as ${LIMIT.max})`,
  }),
  bbox: text({ description: 'minLon,minLat,maxLon,maxLat in CRS84; the features intersecting it' }),
  after: text({
    type: 'integer',
    minimum: 0,
    description: 'Keyset cursor: the features whose id is above it',
  }),
  before: text({
    type: 'integer',
    minimum: 0,
    description: 'The features whose id is below it (prev links)',
  }),
  offset: text({
    type: 'integer',
    minimum: 0,
    description: 'Skip so many features (instead of after/before)',
  }),
  token: tokenParam,
});
const tokenQuery = z.looseObject({ token: tokenParam });

const badRequest = (message: string) => new AppError(400, 'BAD_REQUEST', message);
type Query = Record<string, string | string[] | undefined>;
const queryOf = (request: FastifyRequest) => (request.query ?? {}) as Query;
const one = (q: Query, key: string): string | undefined => {
  const v = q[key];
  if (Array.isArray(v)) throw badRequest(`Give the parameter ${key} once.`);
  return v;
};

interface Link {
  href: string;
  rel: string;
  type?: string;
  title?: string;
}

/** Absolute links under this server as the client reached it, carrying `?token=` only when the request did. */
function linker(request: FastifyRequest) {
  const base = `${request.protocol}://${request.host}`;
  const token = one(queryOf(request), 'token');
  return (path: string, params: Record<string, string> = {}): string => {
    const search = new URLSearchParams(params);
    if (token) search.set('token', token);
    const qs = search.toString();
    return `${base}${path}${qs ? `?${qs}` : ''}`;
  };
}

/** The collection's dataset when it is a current dataset of the caller's client and the layer is open to them. */
interface Resolved {
  record: DatasetRecord;
  layer: Layer;
  props: LayerProperty[];
  gates: Gates;
}

const isCurrent = (r: DatasetRecord) => r.snapshot.type === 'CURRENT' && r.snapshot.importId === null;

async function gatesFor(tx: Db, user: AuthUser): Promise<Gates> {
  return gatesOf(await loadViewer(tx, user.id, user.clientId));
}

async function resolve(tx: Db, user: AuthUser, collectionId: string): Promise<Resolved> {
  const missing = () => notFound(`No collection ${collectionId}.`);
  const m = /^(\d{1,9})-([a-z]+)$/.exec(collectionId);
  if (!m || !(LAYER_NAMES as readonly string[]).includes(m[2]!)) throw missing();
  const record = await findRecord(tx, Number(m[1]));
  if (!record || !isCurrent(record)) throw missing();
  const gates = await gatesFor(tx, user);
  const layer = layersFor(gates).find((l) => l.name === (m[2] as LayerName));
  if (!layer) throw missing();
  return { record, layer, props: layer.properties(gates), gates };
}

const scopeOf = (r: DatasetRecord) => ({ datasetId: r.dataset.id, analysisId: r.dataset.analysisId });

function datasetTitle(r: DatasetRecord): string {
  const copy = r.dataset.originalDatasetId !== null ? ` (${r.dataset.name})` : '';
  return `${r.group.name} v${r.snapshot.version}${copy}`;
}

/** A property's JSON schema, its unit named in `x-ogc-unit` (UCUM) and its description. */
const propertySchema = (p: LayerProperty) => ({
  type: p.type,
  title: p.name,
  description: p.description,
  ...(p.unit ? { 'x-ogc-unit': p.unit } : {}),
});

async function collectionJson(
  tx: Db,
  link: ReturnType<typeof linker>,
  r: DatasetRecord,
  layer: Layer,
  gates: Gates,
) {
  const id = `${r.dataset.id}-${layer.name}`;
  const extent = await layerExtent(tx, layer, scopeOf(r));
  const units = layer
    .properties(gates)
    .filter((p) => p.unit)
    .map((p) => `${p.name} in ${p.unit}`);
  return {
    id,
    title: `${datasetTitle(r)} – ${layer.title}`,
    description:
      `${layer.title} of ${datasetTitle(r)}` +
      (units.length ? `. Units: ${units.join(', ')} (SI; see the schema link).` : '.'),
    itemType: 'feature',
    crs: [CRS84],
    storageCrs: CRS84,
    ...(extent ? { extent: { spatial: { bbox: [extent], crs: CRS84 } } } : {}),
    links: [
      { href: link(`/ogc/collections/${id}`), rel: 'self', type: JSON_TYPE, title: 'This collection' },
      { href: link(`/ogc/collections/${id}/items`), rel: 'items', type: GEOJSON, title: 'Its features' },
      {
        href: link(`/ogc/collections/${id}/schema`),
        rel: SCHEMA_REL,
        type: 'application/schema+json',
        title: 'Schema with units',
      },
    ] satisfies Link[],
  };
}

const num = (s: string, what: string) => {
  const n = Number(s);
  if (s.trim() === '' || !Number.isFinite(n)) throw badRequest(`${what} must be a number.`);
  return n;
};
const int = (s: string, what: string, min: number, max = Number.MAX_SAFE_INTEGER) => {
  const n = num(s, what);
  if (!Number.isInteger(n) || n < min || n > max) throw badRequest(`${what} must be an integer from ${min}.`);
  return n;
};

const PAGING_KEYS = new Set(['limit', 'offset', 'after', 'before']);
const KNOWN_KEYS = new Set([...PAGING_KEYS, 'bbox', 'bbox-crs', 'crs', 'f', 'token']);

/** The items query: paging, bbox (CRS84), and `name=value` on the layer's filterable properties; else 400. */
export function parseItemsQuery(q: Query, props: LayerProperty[]): PageQuery {
  const limitText = one(q, 'limit');
  const limit = limitText === undefined ? LIMIT.default : Math.min(int(limitText, 'limit', 1), LIMIT.max);
  const page: PageQuery = { limit, filters: [] };
  const cursors = ['after', 'before', 'offset'].filter((k) => one(q, k) !== undefined);
  if (cursors.length > 1) throw badRequest('Give one of after, before and offset.');
  const after = one(q, 'after');
  const before = one(q, 'before');
  const offset = one(q, 'offset');
  if (after !== undefined) page.after = int(after, 'after', 0);
  if (before !== undefined) page.before = int(before, 'before', 0);
  if (offset !== undefined) page.offset = int(offset, 'offset', 0);
  for (const key of ['bbox-crs', 'crs'] as const) {
    const crs = one(q, key);
    if (crs !== undefined && crs !== CRS84) throw badRequest(`Only ${CRS84} is served (${key}).`);
  }
  const f = one(q, 'f');
  if (f !== undefined && !['json', 'geojson'].includes(f)) throw badRequest('f must be json or geojson.');
  const bbox = one(q, 'bbox');
  if (bbox !== undefined) {
    const v = bbox.split(',').map((s) => num(s, 'bbox'));
    if (v.length !== 4 && v.length !== 6) throw badRequest('bbox takes 4 numbers (or 6 with heights).');
    const b: Bbox = v.length === 4 ? [v[0]!, v[1]!, v[2]!, v[3]!] : [v[0]!, v[1]!, v[3]!, v[4]!];
    if (b[0] > b[2] || b[1] > b[3] || b[1] < -90 || b[3] > 90) {
      throw badRequest(
        'bbox is minLon,minLat,maxLon,maxLat in CRS84 (across the antimeridian is not served).',
      );
    }
    page.bbox = b;
  }
  const filterable = new Map(props.filter((p) => p.filter).map((p) => [p.name, p]));
  for (const key of Object.keys(q)) {
    if (KNOWN_KEYS.has(key)) continue;
    const property = filterable.get(key);
    if (!property) {
      const names = [...filterable.keys()].join(', ');
      throw badRequest(`Unknown parameter ${key}: the filters of this collection are ${names}.`);
    }
    const text = one(q, key)!;
    const value =
      property.type === 'integer'
        ? int(text, key, -2_147_483_648, 2_147_483_647)
        : property.type === 'number'
          ? num(text, key)
          : property.type === 'boolean'
            ? text === 'true'
            : text;
    page.filters.push({ property, value });
  }
  return page;
}

/** The query of a next or prev link: the request's own, the paging replaced. */
function pagingParams(q: Query, paging: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(q)) {
    if (!PAGING_KEYS.has(k) && k !== 'token' && typeof v === 'string') out[k] = v;
  }
  if (q['limit'] !== undefined) out['limit'] = String(q['limit']);
  return { ...out, ...paging };
}

export async function ogcRoutes(root: FastifyInstance, opts: { deps: Deps }) {
  const { deps } = opts;
  const app = root.withTypeProvider<ZodTypeProvider>();

  // A bearer header; else `?token=pwt_…` read as if it were one (only an API token: a session never goes in a URL).
  app.addHook('onRequest', async (request) => {
    const token = one(queryOf(request), 'token');
    if (!request.headers.authorization && token !== undefined) {
      if (!token.startsWith(API_TOKEN.secretPrefix)) {
        throw unauthorized('The token parameter takes an API token (pwt_…).');
      }
      request.headers.authorization = `Bearer ${token}`;
    }
    await app.authenticate(request);
  });

  const tenant = <T>(request: FastifyRequest, fn: (tx: Db, user: AuthUser) => Promise<T>) => {
    const user = requireUser(request);
    return withTenant(deps.database.db, user.clientId, (tx) => fn(tx, user));
  };
  const common = { tags: ['ogc'], security, querystring: tokenQuery };

  app.get(
    '/',
    { schema: { ...common, summary: 'OGC API – Features landing page' } },
    async (request, reply) => {
      const link = linker(request);
      reply.type(JSON_TYPE);
      return {
        title: 'Pipewise',
        description:
          "The client's current networks and their analysis results, as OGC API – Features (docs/api-ogc.md).",
        links: [
          { href: link('/ogc'), rel: 'self', type: JSON_TYPE, title: 'This document' },
          {
            href: `${request.protocol}://${request.host}/api/docs/json`,
            rel: 'service-desc',
            type: 'application/vnd.oai.openapi+json;version=3.0',
            title: 'The API definition',
          },
          {
            href: `${request.protocol}://${request.host}/api/docs`,
            rel: 'service-doc',
            type: 'text/html',
            title: 'API documentation',
          },
          {
            href: link('/ogc/conformance'),
            rel: 'conformance',
            type: JSON_TYPE,
            title: 'Conformance classes',
          },
          { href: link('/ogc/collections'), rel: 'data', type: JSON_TYPE, title: 'The collections' },
        ] satisfies Link[],
      };
    },
  );

  app.get(
    '/conformance',
    { schema: { ...common, summary: 'Conformance classes' } },
    async (_request, reply) => {
      reply.type(JSON_TYPE);
      return { conformsTo: CONFORMANCE };
    },
  );

  app.get(
    '/collections',
    { schema: { ...common, summary: 'One collection per layer of each current dataset' } },
    async (request, reply) => {
      const link = linker(request);
      const collections = await tenant(request, async (tx, user) => {
        const gates = await gatesFor(tx, user);
        const out = [];
        for (const r of (await listCurrentRecords(tx)).filter(isCurrent)) {
          for (const layer of layersFor(gates)) out.push(await collectionJson(tx, link, r, layer, gates));
        }
        return out;
      });
      reply.type(JSON_TYPE);
      return {
        links: [{ href: link('/ogc/collections'), rel: 'self', type: JSON_TYPE, title: 'This document' }],
        collections,
      };
    },
  );

  app.get(
    '/collections/:collectionId',
    { schema: { ...common, summary: 'A collection', params: collectionParams } },
    async (request, reply) => {
      const link = linker(request);
      const body = await tenant(request, async (tx, user) => {
        const r = await resolve(tx, user, request.params.collectionId);
        return collectionJson(tx, link, r.record, r.layer, r.gates);
      });
      reply.type(JSON_TYPE);
      return body;
    },
  );

  app.get(
    '/collections/:collectionId/schema',
    {
      schema: {
        ...common,
        summary: "A collection's properties with their types and units",
        params: collectionParams,
      },
    },
    async (request, reply) => {
      const link = linker(request);
      const { props, layer } = await tenant(request, (tx, user) =>
        resolve(tx, user, request.params.collectionId),
      );
      reply.type('application/schema+json');
      return {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        $id: link(`/ogc/collections/${request.params.collectionId}/schema`),
        type: 'object',
        title: layer.title,
        properties: {
          geometry: { format: `geometry-${layer.geometryType.toLowerCase()}` },
          ...Object.fromEntries(props.map((p) => [p.name, propertySchema(p)])),
        },
      };
    },
  );

  app.get(
    '/collections/:collectionId/items',
    {
      schema: {
        ...common,
        summary: 'Features of a collection (GeoJSON), paged; other query keys filter on properties',
        params: collectionParams,
        querystring: itemsQuery,
      },
    },
    async (request, reply) => {
      const link = linker(request);
      const q = queryOf(request);
      const path = `/ogc/collections/${request.params.collectionId}/items`;
      const { page, query } = await tenant(request, async (tx, user) => {
        const r = await resolve(tx, user, request.params.collectionId);
        const query = parseItemsQuery(q, r.props);
        return { page: await featurePage(tx, r.layer, scopeOf(r.record), r.props, query), query };
      });
      const self = Object.fromEntries(
        Object.entries(q).filter(([k, v]) => k !== 'token' && typeof v === 'string'),
      ) as Record<string, string>;
      const links: Link[] = [
        { href: link(path, self), rel: 'self', type: GEOJSON, title: 'This page' },
        {
          href: link(`/ogc/collections/${request.params.collectionId}`),
          rel: 'collection',
          type: JSON_TYPE,
          title: 'The collection',
        },
      ];
      const backwards = query.before !== undefined;
      let next: Record<string, string> | null = null;
      let prev: Record<string, string> | null = null;
      if (query.offset !== undefined) {
        if (page.more) next = { offset: String(query.offset + query.limit) };
        if (query.offset > 0) prev = { offset: String(Math.max(0, query.offset - query.limit)) };
      } else if (backwards) {
        if (page.lastId !== null) next = { after: String(page.lastId) };
        else next = { after: String(Math.max(0, query.before! - 1)) };
        if (page.more && page.firstId !== null) prev = { before: String(page.firstId) };
      } else {
        if (page.more && page.lastId !== null) next = { after: String(page.lastId) };
        if (query.after !== undefined) prev = { before: String(page.firstId ?? query.after + 1) };
      }
      if (next)
        links.push({
          href: link(path, pagingParams(q, next)),
          rel: 'next',
          type: GEOJSON,
          title: 'Next page',
        });
      if (prev)
        links.push({
          href: link(path, pagingParams(q, prev)),
          rel: 'prev',
          type: GEOJSON,
          title: 'Previous page',
        });
      // The features are already GeoJSON text: the page is written around them, never parsed.
      const head = {
        type: 'FeatureCollection',
        numberMatched: page.numberMatched,
        numberReturned: page.numberReturned,
        timeStamp: new Date().toISOString(),
        links,
      };
      reply.type(GEOJSON);
      return reply.send(`${JSON.stringify(head).slice(0, -1)},"features":${page.features}}`);
    },
  );

  app.get(
    '/collections/:collectionId/items/:featureId',
    { schema: { ...common, summary: 'One feature (GeoJSON)', params: featureParams } },
    async (request, reply) => {
      const link = linker(request);
      const { collectionId, featureId } = request.params;
      const feature = await tenant(request, async (tx, user) => {
        const r = await resolve(tx, user, collectionId);
        if (!/^\d{1,15}$/.test(featureId)) return null;
        return featureById(tx, r.layer, scopeOf(r.record), r.props, Number(featureId));
      });
      if (!feature) throw notFound(`No feature ${featureId} in ${collectionId}.`);
      const links: Link[] = [
        {
          href: link(`/ogc/collections/${collectionId}/items/${featureId}`),
          rel: 'self',
          type: GEOJSON,
          title: 'This feature',
        },
        {
          href: link(`/ogc/collections/${collectionId}`),
          rel: 'collection',
          type: JSON_TYPE,
          title: 'The collection',
        },
      ];
      reply.type(GEOJSON);
      return reply.send(`${feature.slice(0, -1)},"links":${JSON.stringify(links)}}`);
    },
  );
}
