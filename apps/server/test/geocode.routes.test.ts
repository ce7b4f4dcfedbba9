// Address search (spec 000 §7 geocoding; SRCH-05) on both backends: the dataset's own pipe addresses first, then
// the external geocoder of GEOCODER_URL (a local HTTP server here), whose failures are ignored.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { withSystem } from '../src/db/database.ts';
import { buildAnalysisFixture, type AnalysisFixture } from './helpers/analysis-fixture.ts';
import { forEachBackend, JP_ADMIN, VIEWER, type Harness } from './helpers/harness.ts';

const asked: string[] = [];
const geocoder = createServer((req, res) => {
  const q = decodeURIComponent(/\/geo\/(.*)\.json/.exec(req.url ?? '')?.[1] ?? '');
  asked.push(q);
  if (q.includes('fail') || q === 'Mainz') return res.writeHead(500).end('boom');
  if (q.includes('garbage')) return res.writeHead(200, { 'content-type': 'application/json' }).end('{"nope"');
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      features: [
        { place_name: `${q} Avenue, Springfield`, geometry: { type: 'Point', coordinates: [-85.5, 38.1] } },
        { place_name: 'no geometry' },
        { place_name: 'off the globe', geometry: { coordinates: [500, 1] } },
      ],
    }),
  );
});
await new Promise<void>((resolve) => geocoder.listen(0, '127.0.0.1', resolve));
const GEOCODER_URL = `http://127.0.0.1:${(geocoder.address() as AddressInfo).port}/geo/{query}.json?key=secret`;
afterAll(() => new Promise<void>((resolve) => geocoder.close(() => resolve())));

const search = async (h: Harness, f: AnalysisFixture, q: string, email = VIEWER) =>
  h.request({
    url: `/api/datasets/${f.datasetId}/geocode?q=${encodeURIComponent(q)}`,
    token: await h.token(email),
  });

forEachBackend(
  'geocode route',
  (h) => {
    let us: AnalysisFixture;
    let town: AnalysisFixture;
    beforeAll(async () => {
      us = await buildAnalysisFixture(h.database.db, { clientId: 1, analysis: false });
      // Issue 38: numbered streets and house numbers, in a dataset of their own.
      town = await buildAnalysisFixture(h.database.db, {
        clientId: 1,
        name: 'Numbered streets',
        analysis: false,
      });
      await withSystem(h.database.db, (tx) =>
        tx.execute(sql`
          UPDATE pipes SET address = CASE native_pipe_id WHEN 'P1' THEN '100 8th Ave' WHEN 'P2' THEN '1100 8th Ave'
            WHEN 'P10' THEN '100 18th St' ELSE '200 Avery Road' END
          WHERE dataset_id = ${town.datasetId}`),
      );
      // P1 '1 Main St' (from the fixture), P2 the same address in other case, P10 and Q1 other streets.
      await withSystem(h.database.db, (tx) =>
        tx.execute(sql`
          UPDATE pipes SET address = CASE native_pipe_id WHEN 'P2' THEN '1 MAIN ST' WHEN 'P10' THEN '22 Mainz Road'
            WHEN 'Q1' THEN 'Old Main Street 5' ELSE address END
          WHERE dataset_id = ${us.datasetId}`),
      );
    });

    it('answers own addresses first (distinct, prefix matches first), then the geocoder’s', async () => {
      const res = await search(h, us, 'main');
      expect(res.statusCode, res.body).toBe(200);
      const features = res.json().features;
      expect(features).toEqual([
        // P1 is the first pipe of '1 Main St' / '1 MAIN ST'; its first coordinate.
        {
          place_name: '1 Main St',
          geometry: { type: 'Point', coordinates: [139.93, 37.495] },
          pipe_id: us.pipes['P1'],
        },
        {
          place_name: '22 Mainz Road',
          geometry: { type: 'Point', coordinates: [139.932, 37.495] },
          pipe_id: us.pipes['P10'],
        },
        {
          place_name: 'Old Main Street 5',
          geometry: { type: 'Point', coordinates: [139.933, 37.495] },
          pipe_id: us.pipes['Q1'],
        },
        // Only the well-formed entry of the geocoder's answer.
        {
          place_name: 'main Avenue, Springfield',
          geometry: { type: 'Point', coordinates: [-85.5, 38.1] },
          pipe_id: null,
        },
      ]);
      expect(asked).toContain('main');
      const prefix = (await search(h, us, 'old ')).json().features;
      expect(prefix[0]).toMatchObject({ place_name: 'Old Main Street 5' });
    });

    it('finds numbered streets, house numbers and partial names, best matches first (issue 38)', async () => {
      const names = async (q: string) =>
        (await search(h, town, q))
          .json()
          .features.filter((f: { pipe_id: number | null }) => f.pipe_id !== null)
          .map((f: { place_name: string }) => f.place_name);
      // A numbered street: its own street first, where '8th' starts a word, then '18th' holding it.
      expect(await names('8th')).toEqual(['100 8th Ave', '1100 8th Ave', '100 18th St']);
      expect(await names('8th Ave')).toEqual(['100 8th Ave', '1100 8th Ave']);
      expect(await names('8TH AVE.')).toEqual(['100 8th Ave', '1100 8th Ave']);
      // A house number and its street: both words starting words first, then the text as typed, then the rest.
      expect(await names('100 8th')).toEqual(['100 8th Ave', '1100 8th Ave', '100 18th St']);
      expect(await names('100, 8th Ave')).toEqual(['100 8th Ave', '1100 8th Ave']);
      // Words in any order, and part of a word.
      expect(await names('8th 100')).toEqual(['100 8th Ave', '100 18th St', '1100 8th Ave']);
      expect(await names('Ave')).toEqual(['100 8th Ave', '1100 8th Ave', '200 Avery Road']);
      expect(await names('Av')).toEqual(['100 8th Ave', '1100 8th Ave', '200 Avery Road']);
      expect(await names('8th Av')).toEqual(['100 8th Ave', '1100 8th Ave']);
      expect(await names('ery ro')).toEqual(['200 Avery Road']);
      expect(await names('100')).toEqual(['100 18th St', '100 8th Ave', '1100 8th Ave']);
      // Every word must be there.
      expect(await names('8th Road')).toEqual([]);
      const first = (await search(h, town, '8th Ave')).json().features[0];
      expect(first).toMatchObject({ place_name: '100 8th Ave', pipe_id: town.pipes['P1'] });
    });

    it('escapes LIKE wildcards', async () => {
      const res = await search(h, us, '%_');
      expect(res.json().features.filter((f: { pipe_id: number | null }) => f.pipe_id !== null)).toEqual([]);
    });

    it('ignores a failing or garbled geocoder', async () => {
      for (const q of ['main fail', 'main garbage']) {
        const res = await search(h, us, q);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ features: [] });
      }
      const own = await search(h, us, 'Mainz');
      expect(own.json().features.map((f: { place_name: string }) => f.place_name)).toEqual(['22 Mainz Road']);
    });

    it('answers 400 naming q when empty or longer than 200 characters', async () => {
      for (const q of ['', '   ', 'x'.repeat(201)]) {
        const res = await search(h, us, q);
        expect(res.statusCode).toBe(400);
        expect(res.json().fields.map((f: { field: string }) => f.field)).toContain('q');
      }
      const missing = await h.request({
        url: `/api/datasets/${us.datasetId}/geocode`,
        token: await h.token(VIEWER),
      });
      expect(missing.json().fields.map((f: { field: string }) => f.field)).toContain('q');
    });

    it("answers 401 without a token and 404 for another client's dataset", async () => {
      expect((await h.request({ url: `/api/datasets/${us.datasetId}/geocode?q=main` })).statusCode).toBe(401);
      expect((await search(h, us, 'main', JP_ADMIN)).statusCode).toBe(404);
    });
  },
  { env: { GEOCODER_URL } },
);
