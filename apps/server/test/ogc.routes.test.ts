// Issue 42, OGC API – Features (docs/api-ogc.md): landing page and conformance, the caller's client's collections
// only, paging by next links to the end, bbox, property filters, 404 for another client's collection and an unknown
// feature, 401 without a token, the token in the query (its links carry it, the logs never), and a real client:
// GDAL's OAPIF driver (ogrinfo, ogr2ogr to a GeoPackage) against the app on 127.0.0.1. Both backends.
import { execFile, execFileSync } from 'node:child_process';
import { Writable } from 'node:stream';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, expect, it } from 'vitest';
import type { ApiTokenCreated } from '@pipewise/domain';
import { withTenant } from '../src/db/database.ts';
import { loggerOptions } from '../src/lib/log-options.ts';
import { pipePage } from '../src/modules/exports/exports.repository.ts';
import { buildAnalysisFixture, type AnalysisFixture } from './helpers/analysis-fixture.ts';
import { ADMIN, forEachBackend, JP_ADMIN, type Harness } from './helpers/harness.ts';

const run = promisify(execFile);
const HAS_OGR = (() => {
  try {
    execFileSync('ogrinfo', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

interface Link {
  href: string;
  rel: string;
  type?: string;
}
interface Feature {
  id: number;
  geometry: { type: string; coordinates: unknown };
  properties: Record<string, unknown>;
}
interface Items {
  type: string;
  numberMatched: number;
  numberReturned: number;
  timeStamp: string;
  links: Link[];
  features: Feature[];
}

/** Every log line of the file's apps, to look for the token in. */
const logLines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _enc, done) {
    logLines.push(chunk.toString());
    done();
  },
});

const makeToken = async (h: Harness, who: string, scopes: string[] = ['read']) => {
  const res = await h.request({
    method: 'POST',
    url: '/api/tokens',
    token: await h.token(who),
    body: { name: `ogc ${who}`, scopes },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ApiTokenCreated>().token;
};

forEachBackend(
  'OGC API – Features',
  (h) => {
    let us: AnalysisFixture;
    let jp: AnalysisFixture;
    let token = '';
    let jpToken = '';
    const get = (url: string, t: string | null = token) =>
      h.app.inject({ method: 'GET', url, headers: t ? { authorization: `Bearer ${t}` } : {} });
    const items = async (url: string, t: string | null = token) => {
      const res = await get(url, t);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/geo\+json/);
      return res.json<Items>();
    };
    /** A link's path and query, to inject. */
    const local = (href: string) => {
      const u = new URL(href);
      return `${u.pathname}${u.search}`;
    };

    beforeAll(async () => {
      us = await buildAnalysisFixture(h.database.db, { clientId: 1 });
      jp = await buildAnalysisFixture(h.database.db, { clientId: 2, name: 'JP mains' });
      token = await makeToken(h, ADMIN);
      jpToken = await makeToken(h, JP_ADMIN);
    });

    it('answers 401 without a token, and 401 for a session token in the query', async () => {
      for (const url of [
        '/ogc',
        '/ogc/conformance',
        '/ogc/collections',
        `/ogc/collections/${us.datasetId}-pipes/items`,
      ]) {
        const res = await get(url, null);
        expect(res.statusCode, url).toBe(401);
      }
      expect((await get(`/ogc/collections?token=${await h.token(ADMIN)}`, null)).statusCode).toBe(401);
      expect((await get('/ogc/collections?token=pwt_not-a-token', null)).statusCode).toBe(401);
    });

    it('serves the landing page and the conformance classes', async () => {
      const landing = await get('/ogc');
      expect(landing.statusCode, landing.body).toBe(200);
      expect(landing.headers['content-type']).toMatch(/^application\/json/);
      const rels = Object.fromEntries(landing.json<{ links: Link[] }>().links.map((l) => [l.rel, l.href]));
      expect(rels['self']).toMatch(/^http:\/\/localhost(:\d+)?\/ogc$/);
      expect(rels['service-desc']).toMatch(/\/api\/docs\/json$/);
      expect(rels['conformance']).toMatch(/\/ogc\/conformance$/);
      expect(rels['data']).toMatch(/\/ogc\/collections$/);
      const conf = await get('/ogc/conformance');
      expect(conf.json<{ conformsTo: string[] }>().conformsTo).toEqual(
        expect.arrayContaining([
          'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core',
          'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson',
          'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/oas30',
        ]),
      );
      // The service description it points at is there, with the items' limit (QGIS sizes its pages by it).
      const doc = (await get('/api/docs/json', null)).json();
      const params = doc.paths['/ogc/collections/{collectionId}/items'].get.parameters as {
        name: string;
        schema: Record<string, unknown>;
      }[];
      expect(params.find((p) => p.name === 'limit')!.schema).toMatchObject({
        type: 'integer',
        maximum: 10000,
        default: 1000,
      });
    });

    it("lists the layers of the caller's client's current datasets only, with their extent", async () => {
      const res = await get('/ogc/collections');
      expect(res.statusCode, res.body).toBe(200);
      const { collections } = res.json<{
        collections: { id: string; extent?: { spatial: { bbox: number[][] } }; description: string }[];
      }>();
      const ids = collections.map((c) => c.id);
      for (const layer of ['pipes', 'segments', 'breaks', 'valves', 'districts', 'mesh']) {
        expect(ids).toContain(`${us.datasetId}-${layer}`);
      }
      expect(ids.some((id) => id.startsWith(`${jp.datasetId}-`))).toBe(false);
      const pipes = collections.find((c) => c.id === `${us.datasetId}-pipes`)!;
      const [x0, y0, x1, y1] = pipes.extent!.spatial.bbox[0]!;
      expect(x0).toBeCloseTo(139.93, 6);
      expect(x1).toBeCloseTo(139.934, 6);
      expect(y0).toBeCloseTo(37.495, 6);
      expect(y1).toBeCloseTo(37.495, 6);
      expect(pipes.description).toContain('length_m in m');
      // JP's own token sees JP's.
      const theirs = (await get('/ogc/collections', jpToken)).json<{ collections: { id: string }[] }>();
      expect(theirs.collections.map((c) => c.id)).toContain(`${jp.datasetId}-pipes`);
      expect(theirs.collections.map((c) => c.id)).not.toContain(`${us.datasetId}-pipes`);
      // The schema names the units.
      const schema = await get(`/ogc/collections/${us.datasetId}-pipes/schema`);
      expect(schema.statusCode, schema.body).toBe(200);
      const props = schema.json<{ properties: Record<string, { 'x-ogc-unit'?: string }> }>().properties;
      expect(props['length_m']!['x-ogc-unit']).toBe('m');
      expect(props['diameter_mm']!['x-ogc-unit']).toBe('mm');
    });

    it('pages the pipes by next links to the end, with their results', async () => {
      const first = await items(`/ogc/collections/${us.datasetId}-pipes/items?limit=1`);
      expect(first.type).toBe('FeatureCollection');
      expect(first.numberMatched).toBe(4);
      expect(first.numberReturned).toBe(1);
      expect(Date.parse(first.timeStamp)).not.toBeNaN();
      expect(first.links.find((l) => l.rel === 'prev')).toBeUndefined();
      const seen: Feature[] = [...first.features];
      let page = first;
      let pages = 1;
      for (
        let next = page.links.find((l) => l.rel === 'next');
        next;
        next = page.links.find((l) => l.rel === 'next')
      ) {
        expect(next.href).not.toContain('token=');
        page = await items(local(next.href));
        expect(page.numberMatched).toBe(4);
        expect(page.links.find((l) => l.rel === 'prev')).toBeDefined();
        seen.push(...page.features);
        pages += 1;
        expect(pages).toBeLessThan(10);
      }
      expect(pages).toBe(4);
      expect(seen.map((f) => f.id)).toEqual(Object.values(us.pipes).sort((a, b) => a - b));
      // prev from the last page goes back one page.
      const prev = await items(local(page.links.find((l) => l.rel === 'prev')!.href));
      expect(prev.features.map((f) => f.id)).toEqual([seen[2]!.id]);
      // offset paging too.
      const byOffset = await items(`/ogc/collections/${us.datasetId}-pipes/items?limit=2&offset=2`);
      expect(byOffset.features.map((f) => f.id)).toEqual([seen[2]!.id, seen[3]!.id]);
      expect(byOffset.links.find((l) => l.rel === 'next')).toBeUndefined();

      const p2 = seen.find((f) => f.properties['native_pipe_id'] === 'P2')!;
      expect(p2.geometry.type).toBe('MultiLineString');
      expect(p2.properties).toMatchObject({
        install_year: 1965,
        install_year_status: 1,
        diameter_mm: 100,
        material: 'PVC',
        length_m: 90,
        segment_id: 0,
        lof_12: expect.closeTo(0.3, 6),
        lof_60: expect.closeTo(1.2, 6),
        cof_total: 3000,
        bre: expect.closeTo(900, 3),
        rul: 42,
      });
      // One feature by its id.
      const one = await get(`/ogc/collections/${us.datasetId}-pipes/items/${p2.id}`);
      expect(one.statusCode, one.body).toBe(200);
      expect(one.headers['content-type']).toMatch(/^application\/geo\+json/);
      expect(one.json<Feature>().properties['native_pipe_id']).toBe('P2');
    });

    it('selects by bbox (CRS84) and by property', async () => {
      const base = `/ogc/collections/${us.datasetId}-pipes/items`;
      const inBox = await items(`${base}?bbox=139.9295,37.494,139.9305,37.496`);
      expect(inBox.features.map((f) => f.properties['native_pipe_id'])).toEqual(['P1']);
      expect(inBox.numberMatched).toBe(1);
      const dip = await items(`${base}?material=DIP`);
      expect(dip.features.map((f) => f.properties['native_pipe_id'])).toEqual(['P10']);
      // The value in use: P2's imputed year.
      const y = await items(`${base}?install_year=1965&limit=10`);
      expect(y.features.map((f) => f.properties['native_pipe_id'])).toEqual(['P2']);
      const none = await items(`${base}?material=DIP&bbox=139.9295,37.494,139.9305,37.496`);
      expect(none.numberMatched).toBe(0);
      expect(none.features).toEqual([]);
      // Filters stay on the next link.
      const paged = await items(`${base}?bbox=139.92,37.4,139.94,37.6&limit=2`);
      const next = paged.links.find((l) => l.rel === 'next')!.href;
      expect(next).toContain('bbox=139.92%2C37.4%2C139.94%2C37.6');
      expect(next).toContain('limit=2');
      expect((await get(`${base}?colour=red`)).statusCode).toBe(400);
      expect((await get(`${base}?install_year=old`)).statusCode).toBe(400);
      expect((await get(`${base}?bbox=1,2,3`)).statusCode).toBe(400);
      // A limit above the maximum is taken as the maximum, not refused; a cursor past int4 finds nothing.
      expect((await items(`${base}?limit=50000`)).numberReturned).toBe(4);
      expect(
        (await items(`/ogc/collections/${us.datasetId}-segments/items?after=2147483648`)).numberReturned,
      ).toBe(0);
      expect((await get(`/ogc/collections/${us.datasetId}-segments/items/2147483648`)).statusCode).toBe(404);
      // The other layers.
      const valves = await items(`/ogc/collections/${us.datasetId}-valves/items?native_valve_id=V2`);
      expect(valves.features.map((f) => f.properties['native_pipe_id'])).toEqual(['P10']);
      const segments = await items(`/ogc/collections/${us.datasetId}-segments/items`);
      expect(segments.features.map((f) => f.id)).toEqual([0, 1]);
      const mesh = await items(`/ogc/collections/${us.datasetId}-mesh/items`);
      expect(mesh.features.map((f) => f.properties['native_id'])).toEqual(['M1']);
    });

    it("answers 404 for another client's collection, an unknown layer and an unknown feature", async () => {
      for (const url of [
        `/ogc/collections/${jp.datasetId}-pipes`,
        `/ogc/collections/${jp.datasetId}-pipes/items`,
        `/ogc/collections/${jp.datasetId}-pipes/items/${jp.pipes['P1']}`,
        `/ogc/collections/${us.datasetId}-hydrants`,
        `/ogc/collections/nonsense/items`,
        `/ogc/collections/${us.datasetId}-pipes/items/999999999`,
        `/ogc/collections/${us.datasetId}-pipes/items/${jp.pipes['P1']}`,
        `/ogc/collections/${us.datasetId}-pipes/items/abc`,
      ]) {
        expect((await get(url)).statusCode, url).toBe(404);
      }
    });

    it('takes the token in the query, carries it on the links, and never logs it', async () => {
      logLines.length = 0;
      const landing = await get(`/ogc?token=${token}`, null);
      expect(landing.statusCode, landing.body).toBe(200);
      const data = landing.json<{ links: Link[] }>().links.find((l) => l.rel === 'data')!;
      expect(data.href).toContain(`token=${token}`);
      const cols = await get(local(data.href), null);
      expect(cols.statusCode, cols.body).toBe(200);
      const first = await items(`/ogc/collections/${us.datasetId}-pipes/items?limit=3&token=${token}`, null);
      const next = first.links.find((l) => l.rel === 'next')!;
      expect(next.href).toContain(`token=${token}`);
      expect(first.links.find((l) => l.rel === 'self')!.href).toContain(`token=${token}`);
      const last = await items(local(next.href), null);
      expect(last.numberReturned).toBe(1);
      // A 'read' token in the query of another client's collection: 404 still.
      expect(
        (await get(`/ogc/collections/${jp.datasetId}-pipes/items?token=${token}`, null)).statusCode,
      ).toBe(404);
      const logged = logLines.join('');
      expect(logged).toContain('/ogc/collections');
      expect(logged).toContain('token=[redacted]');
      expect(logged).not.toContain(token.slice(4));
    });

    it.skipIf(!HAS_OGR)(
      'GDAL reads the pipes through its OAPIF driver (ogrinfo, ogr2ogr to a GeoPackage)',
      async () => {
        const address = await h.app.listen({ port: 0, host: '127.0.0.1' });
        const dir = await mkdtemp(path.join(tmpdir(), 'pw-ogc-'));
        try {
          const header = ['--config', 'GDAL_HTTP_HEADERS', `Authorization: Bearer ${token}`];
          const collection = `${us.datasetId}-pipes`;
          const info = await run('ogrinfo', ['-ro', '-so', ...header, `OAPIF:${address}/ogc`, collection]);
          expect(info.stdout).toMatch(/Feature Count: 4\b/);
          expect(info.stdout).toMatch(/native_pipe_id: String/);
          expect(info.stdout).toMatch(/install_year: Integer/);
          expect(info.stdout).toMatch(/lof_12: Real/);
          // The whole server's layers, by the query token.
          const all = await run('ogrinfo', ['-ro', '-so', `OAPIF:${address}/ogc?token=${token}`]);
          expect(all.stdout).toContain(`: ${us.datasetId}-segments`);
          expect(all.stdout).not.toContain(`: ${jp.datasetId}-pipes`);
          // Pages of one feature: GDAL follows the next links.
          const gpkg = path.join(dir, 'pipes.gpkg');
          logLines.length = 0;
          await run('ogr2ogr', [
            '-f',
            'GPKG',
            ...header,
            '-oo',
            'PAGE_SIZE=1',
            gpkg,
            `OAPIF:${address}/ogc`,
            collection,
          ]);
          const asked = logLines
            .filter((l) => l.includes('incoming request'))
            .map((l) => (JSON.parse(l) as { req: { url: string } }).req.url)
            .filter((u) => u.includes(`/collections/${collection}/items`));
          // The first page, then one per next link (after=…): every one of the four pipes on its own page.
          expect(asked.filter((u) => u.includes('after=')).length).toBeGreaterThanOrEqual(3);
          // The same with the token in the query instead of a header.
          logLines.length = 0;
          const gpkgQ = path.join(dir, 'pipes-q.gpkg');
          await run('ogr2ogr', [
            '-f',
            'GPKG',
            '-oo',
            'PAGE_SIZE=3',
            gpkgQ,
            `OAPIF:${address}/ogc?token=${token}`,
            collection,
          ]);
          expect(logLines.join('')).toContain('token=[redacted]');
          expect(logLines.join('')).not.toContain(token.slice(4));
          const read = async (file: string) => {
            const out = await run('ogr2ogr', ['-f', 'GeoJSON', '/vsistdout/', file]);
            return JSON.parse(out.stdout) as { features: { properties: Record<string, unknown> }[] };
          };
          const exported = await withTenant(h.database.db, 1, (tx) =>
            pipePage(tx, { datasetId: us.datasetId, hiddenIds: [], afterId: 0 }),
          );
          for (const file of [gpkg, gpkgQ]) {
            const got = (await read(file)).features.map((f) => f.properties);
            expect(got).toHaveLength(exported.length);
            const byId = new Map(got.map((p) => [p['native_pipe_id'], p]));
            for (const e of exported) {
              const p = byId.get(e.nativePipeId)!;
              expect(p, e.nativePipeId).toBeDefined();
              expect(p['install_year']).toBe(e.installYear);
              expect(p['diameter_mm']).toBe(e.diameterMm);
              expect(p['length_m']).toBe(e.lengthM);
              expect(p['install_year_status']).toBe(e.installYearStatus);
              expect(p['lof_12'] as number).toBeCloseTo(e.lof['12']!, 6);
              expect(p['cof_total']).toBe(e.cofTotal);
              expect(p['rul']).toBe(e.rul);
            }
            expect(byId.get('P10')!['material']).toBe('DIP');
          }
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      },
    );
  },
  { app: { logger: { ...loggerOptions('info', 'test'), stream: sink } } },
);
