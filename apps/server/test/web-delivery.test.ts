// Issue 41 (static delivery): hashed assets go out precompressed by Accept-Encoding and cached for a year,
// index.html — asked for by name or as the SPA fallback — is revalidated on every load, and source maps are never
// sent. The fixture dist is laid out as apps/web's build writes it (vite.config.ts: .br and .gz twins).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import errorsPlugin from '../src/plugins/errors.ts';
import webPlugin, { CACHE_HASHED, CACHE_INDEX, CACHE_OTHER } from '../src/plugins/web.ts';
import { forEachBackend } from './helpers/harness.ts';

const js = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"pipe ${i}"`).join(',')}];\n`;
const html = `<!doctype html><title>Pipewise</title>${'<!-- padding -->'.repeat(20)}`;

function writeWithTwins(file: string, text: string) {
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(text));
  writeFileSync(`${file}.gz`, gzipSync(text));
}

function makeDist(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'pw-web-delivery-'));
  mkdirSync(path.join(dist, 'assets'));
  writeWithTwins(path.join(dist, 'index.html'), html);
  writeWithTwins(path.join(dist, 'assets', 'MapPage-Ab12Cd34.js'), js);
  writeFileSync(
    path.join(dist, 'assets', 'MapPage-Ab12Cd34.js.map'),
    '{"version":3,"sources":["secret.ts"]}',
  );
  writeFileSync(path.join(dist, 'assets', 'tiny-Ef56Gh78.js'), 'export{}');
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dist;
}

const body = (res: LightMyRequestResponse) => {
  const raw = res.rawPayload;
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(raw).toString();
  if (encoding === 'gzip') return gunzipSync(raw).toString();
  return raw.toString();
};

const expectNoCacheIndex = (res: LightMyRequestResponse, what: string) => {
  expect(res.statusCode, what).toBe(200);
  expect(res.headers['cache-control'], what).toBe(CACHE_INDEX);
  expect(res.headers['content-type'], what).toMatch(/text\/html/);
  expect(body(res), what).toBe(html);
};

describe('static delivery of the web app', () => {
  const dist = makeDist();
  let app: Awaited<ReturnType<typeof Fastify>>;
  beforeAll(async () => {
    app = Fastify();
    await app.register(errorsPlugin);
    await app.register(webPlugin, { webDist: dist });
    await app.ready();
  });
  afterAll(async () => app.close());

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it('a hashed asset is immutable for a year, in the best encoding the request accepts, with the same bytes', async () => {
    const cases = [
      ['gzip, deflate, br, zstd', 'br'],
      ['br', 'br'],
      ['gzip, deflate', 'gzip'],
      ['identity', undefined],
      [undefined, undefined],
    ] as const;
    for (const [accept, encoding] of cases) {
      const res = await get('/assets/MapPage-Ab12Cd34.js', accept);
      const what = `Accept-Encoding: ${accept}`;
      expect(res.statusCode, what).toBe(200);
      expect(res.headers['content-encoding'], what).toBe(encoding);
      expect(res.headers['cache-control'], what).toBe(CACHE_HASHED);
      expect(res.headers['content-type'], what).toMatch(/javascript/);
      expect(String(res.headers['vary']).toLowerCase(), what).toContain('accept-encoding');
      expect(body(res), what).toBe(js);
      if (encoding) expect(res.rawPayload.length, what).toBeLessThan(js.length / 2);
    }
  });

  it('a hashed asset without compressed twins goes out as it is, still immutable', async () => {
    const res = await get('/assets/tiny-Ef56Gh78.js', 'gzip, br');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe(CACHE_HASHED);
    expect(res.body).toBe('export{}');
  });

  it('index.html and the SPA fallback are revalidated on every load, compressed too', async () => {
    expectNoCacheIndex(await get('/', 'gzip, br'), '/');
    expectNoCacheIndex(await get('/index.html', 'gzip'), '/index.html');
    expectNoCacheIndex(await get('/map/lof?x=1', 'gzip, br'), 'SPA fallback /map/lof');
    expectNoCacheIndex(await get('/user/login'), 'SPA fallback /user/login, identity');
    expect((await get('/map/lof', 'br')).headers['content-encoding']).toBe('br');
  });

  it('other files are cached briefly', async () => {
    const res = await get('/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(CACHE_OTHER);
  });

  it('never sends a source map, a compressed twin by name, or a missing hashed file as the page', async () => {
    for (const url of [
      '/assets/MapPage-Ab12Cd34.js.map',
      '/assets/MapPage-Ab12Cd34.js.br',
      '/assets/MapPage-Ab12Cd34.js.gz',
      '/assets/HomePage-Gone1234.js',
      '/somewhere.js.map',
    ]) {
      const res = await get(url, 'gzip, br');
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.body, url).not.toContain('secret.ts');
    }
  });
});

// The same through the whole app (its hooks and security headers), on each database.
forEachBackend(
  'static delivery through the app',
  (h) => {
    it('hashed assets immutable and brotli, the app page no-cache, maps 404', async () => {
      const asset = await h.request({
        url: '/assets/MapPage-Ab12Cd34.js',
        headers: { 'accept-encoding': 'br' },
      });
      expect(asset.headers['cache-control']).toBe(CACHE_HASHED);
      expect(asset.headers['content-encoding']).toBe('br');
      expect(body(asset)).toBe(js);
      const page = await h.request({ url: '/map', headers: { 'accept-encoding': 'gzip' } });
      expect(page.headers['content-encoding']).toBe('gzip');
      expectNoCacheIndex(page, '/map');
      expect((await h.request({ url: '/assets/MapPage-Ab12Cd34.js.map' })).statusCode).toBe(404);
    });
  },
  { env: { WEB_DIST: makeDist() } },
);
