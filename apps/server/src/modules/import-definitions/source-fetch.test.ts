// The bounds of a URL source (source-fetch.ts): http(s) only, a size limit, a time limit, a page limit.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadPath } from '../imports/upload-files.ts';
import { fetchSource, SourceError, type FetchLimits } from './source-fetch.ts';

const LIMITS: FetchLimits = { maxBytes: 1000, timeoutMs: 2000, maxPages: 3 };

describe('fetchSource', () => {
  let server: Server;
  let base = '';
  let dataDir = '';

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'pw-fetch-'));
    server = createServer((req, res) => {
      if (req.url === '/big.geojson') {
        // No content-length: the limit must hold on the bytes as they come.
        res.writeHead(200, { 'content-type': 'application/geo+json' });
        res.write('{"type":"FeatureCollection","features":[');
        res.end(' '.repeat(5000) + ']}');
      } else if (req.url === '/slow.geojson') {
        res.writeHead(200);
        res.write('{');
        setTimeout(() => res.end('}'), 5000).unref();
      } else if (req.url === '/to-ftp') {
        res.writeHead(302, { location: 'ftp://127.0.0.1/pipes.zip' });
        res.end();
      } else if (req.url?.startsWith('/items')) {
        // A `next` link that never ends.
        res.writeHead(200, { 'content-type': 'application/geo+json' });
        res.end(
          JSON.stringify({
            type: 'FeatureCollection',
            features: [],
            links: [{ rel: 'next', href: '/items?again' }],
          }),
        );
      } else if (req.url === '/export') {
        res.writeHead(200, { 'content-type': 'application/geopackage+sqlite3' });
        res.end('SQLite format 3\u0000');
      } else {
        res.writeHead(404, 'Not Found');
        res.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rm(dataDir, { recursive: true, force: true });
  });

  const fetchOf = (url: string, format: 'file' | 'ogc-features' = 'file') =>
    fetchSource(dataDir, { type: 'url', url, format }, 'mains', LIMITS);

  it('stops a file past the size limit, a server past the time limit and paging past the page limit', async () => {
    await expect(fetchOf(`${base}/big.geojson`)).rejects.toThrow(/sent more than 1000 bytes/);
    await expect(fetchOf(`${base}/slow.geojson`)).rejects.toThrow(/did not answer in time/);
    await expect(fetchOf(`${base}/items`, 'ogc-features')).rejects.toThrow(/more than 3 pages/);
  });

  it('reads only http and https, and names the answer of a failing address', async () => {
    await expect(fetchOf(`${base}/to-ftp`)).rejects.toBeInstanceOf(SourceError);
    await expect(fetchOf('file:///etc/passwd')).rejects.toThrow(/only http and https/);
    await expect(fetchOf(`${base}/gone.geojson?key=secret`)).rejects.toThrow(
      new RegExp(`^${base}/gone\\.geojson answered 404 Not Found$`),
    );
  });

  it('names a file by its content type when the URL does not', async () => {
    const got = await fetchOf(`${base}/export`);
    expect(got.fileName).toBe('mains.gpkg');
    expect((await stat(uploadPath(dataDir, got.id))).size).toBe(got.size);
  });
});
