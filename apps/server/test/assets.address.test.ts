// DET-PIPE-10 on both backends: a pipe without an address of its own gets one from the reverse geocoder of
// REVERSE_GEOCODER_URL (a local HTTP server here), asked for its first coordinate in the user's language; the
// utility's own address always wins, and a failing geocoder leaves the address empty without failing the details.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { withSystem } from '../src/db/database.ts';
import { buildAnalysisFixture, type AnalysisFixture } from './helpers/analysis-fixture.ts';
import { forEachBackend, VIEWER, WORKER, type Harness } from './helpers/harness.ts';

const asked: string[] = [];
const geocoder = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  asked.push(url.pathname);
  const [, lng, lat, language] = /^\/rev\/([^,]+),([^/]+)\/(\w+)\.json$/.exec(url.pathname) ?? [];
  if (!lng) return res.writeHead(404).end();
  if (language === 'de') return res.writeHead(503).end('busy');
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({ features: [{ place_name: `${language}: near ${lng} ${lat}` }, { place_name: 'x' }] }),
  );
});
await new Promise<void>((resolve) => geocoder.listen(0, '127.0.0.1', resolve));
const REVERSE_GEOCODER_URL = `http://127.0.0.1:${(geocoder.address() as AddressInfo).port}/rev/{lng},{lat}/{language}.json?key=secret`;
afterAll(() => new Promise<void>((resolve) => geocoder.close(() => resolve())));

const getPipe = async (h: Harness, f: AnalysisFixture, native: string, email = VIEWER) =>
  h.request({ url: `/api/datasets/${f.datasetId}/assets/${f.pipes[native]}`, token: await h.token(email) });

async function setLanguage(h: Harness, email: string, language: string) {
  const res = await h.request({
    method: 'PUT',
    url: '/api/user/language-timezone',
    token: await h.token(email),
    body: {
      time_zone: 'UTC',
      locale: language === 'ja' ? 'ja-JP' : 'de-DE',
      language,
      units: { segment: 'm', diameter: 'mm', segment_large: 'km' },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}

forEachBackend(
  'pipe address by reverse geocoding',
  (h) => {
    let us: AnalysisFixture;
    beforeAll(async () => {
      us = await buildAnalysisFixture(h.database.db, { clientId: 1, analysis: false });
      await withSystem(h.database.db, (tx) =>
        tx.execute(
          sql`UPDATE pipes SET address = NULL WHERE dataset_id = ${us.datasetId} AND native_pipe_id = 'P2'`,
        ),
      );
    });

    it("keeps the utility's own address and does not ask the geocoder for it", async () => {
      asked.length = 0;
      const res = await getPipe(h, us, 'P1');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().address).toBe('1 Main St');
      expect(asked).toEqual([]);
    });

    it('reverse geocodes the first coordinate of a pipe without one, in the user’s language', async () => {
      const res = await getPipe(h, us, 'P2');
      expect(res.statusCode, res.body).toBe(200);
      const [lng, lat] = res.json().geometry.coordinates[0][0] as [number, number];
      expect(res.json().address).toBe(`en: near ${lng.toFixed(6)} ${lat.toFixed(6)}`);

      await setLanguage(h, VIEWER, 'ja');
      const ja = await getPipe(h, us, 'P2');
      expect(ja.json().address).toBe(`ja: near ${lng.toFixed(6)} ${lat.toFixed(6)}`);
      // The same place again comes from the cache.
      const before = asked.length;
      await getPipe(h, us, 'P2');
      expect(asked.length).toBe(before);
    });

    it('answers the details without an address when the geocoder fails', async () => {
      await setLanguage(h, WORKER, 'de');
      const res = await getPipe(h, us, 'P2', WORKER);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().address).toBeNull();
      expect(res.json().native_pipe_id).toBe('P2');
    });
  },
  { env: { REVERSE_GEOCODER_URL } },
);
