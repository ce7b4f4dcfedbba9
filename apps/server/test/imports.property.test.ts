// Corrupted and random files through upload → validate → commit → job: never a crash (a 400 IMPORT_FILE_INVALID,
// a blocked or failed import with a message, or a clean import) and never a partial write.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import type { ImportItem, Upload, ValidationReport } from '@pipewise/domain';
import { layerRowCounts } from '../src/modules/imports/imports.repository.ts';
import { ADMIN, forEachBackend } from './helpers/harness.ts';
import { commitAndRun, step, upload } from './fixtures/imports-api.ts';

const enc = (s: string) => new TextEncoder().encode(s);
const BASES: Record<string, Uint8Array> = {
  'mains.geojson': enc(
    JSON.stringify({
      type: 'FeatureCollection',
      features: [0, 1, 2].map((i) => ({
        type: 'Feature',
        properties: { ID: `P${i}`, DIA: 150 + i, YEAR: 1970 + i },
        geometry: {
          type: 'LineString',
          coordinates: [
            [-85.5 + i * 0.001, 38],
            [-85.5 + (i + 1) * 0.001, 38],
          ],
        },
      })),
    }),
  ),
  'mains.csv': enc(
    'ID,DIA,WKT\nP1,150,"LINESTRING(-85.5 38, -85.501 38)"\nP2,200,"LINESTRING(-85.501 38, -85.502 38)"\n',
  ),
  'net.inp': enc(
    '[JUNCTIONS]\nJ1 10 1\nJ2 9 1\n[RESERVOIRS]\nR1 100\n[PIPES]\nP1 R1 J1 100 150 100 0 Open\nP2 J1 J2 80 100 100 0 Open\n' +
      '[COORDINATES]\nR1 -85.5 38\nJ1 -85.501 38\nJ2 -85.502 38\n[END]\n',
  ),
};

type Mutation =
  | { kind: 'none' }
  | { kind: 'truncate'; at: number }
  | { kind: 'flip'; bits: { at: number; bit: number }[] }
  | { kind: 'text'; text: string }
  | { kind: 'bytes'; bytes: Uint8Array };

// Weighted so that a good share of the runs still parse and reach the commit and the job.
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 2, arbitrary: fc.constant({ kind: 'none' as const }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('flip' as const),
      bits: fc.array(fc.record({ at: fc.nat(), bit: fc.nat({ max: 7 }) }), { minLength: 1, maxLength: 3 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('text' as const), text: fc.string({ maxLength: 200 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('bytes' as const), bytes: fc.uint8Array({ maxLength: 300 }) }),
  },
);

function mutate(base: Uint8Array, m: Mutation): Uint8Array {
  switch (m.kind) {
    case 'none':
      return base;
    case 'truncate':
      return base.slice(0, m.at % (base.length + 1));
    case 'flip': {
      const out = base.slice();
      for (const { at, bit } of m.bits) out[at % out.length]! ^= 1 << bit;
      return out;
    }
    case 'text':
      return enc(m.text);
    case 'bytes':
      return m.bytes;
  }
}

/** Null = the base's own name; otherwise a wrong or missing extension. */
const wrongName = fc.oneof(
  { weight: 3, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constantFrom('x.zip', 'x.gpkg', 'x.txt', 'x.json', 'noext', 'x.shp', 'x.inp') },
);

forEachBackend('imports: corrupted files', (h) => {
  it('never crashes and never writes part of an import', async () => {
    const token = await h.token(ADMIN);
    let runs = 0;
    const seen = new Map<string, number>();
    const saw = (what: string) => seen.set(what, (seen.get(what) ?? 0) + 1);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...Object.keys(BASES)),
        mutation,
        wrongName,
        async (base, m, wrong) => {
          const name = wrong ?? base;
          runs += 1;
          const res = await upload(h, token, name, mutate(BASES[base]!, m));
          if (res.statusCode === 400) {
            expect(res.json()).toMatchObject({ code: 'IMPORT_FILE_INVALID' });
            expect(res.json().message.length).toBeGreaterThan(name.length);
            saw('invalid file');
            return;
          }
          expect(res.statusCode).toBe(200);
          const up = res.json<Upload>();
          const layer = up.layers[0]!;
          const options = {
            layer: layer.name,
            type: 'assets',
            asset_layer: 'pipes',
            mapping: { nativeId: layer.columns[0] ?? 'ID' },
            target: { new_group_name: `fuzz ${runs}` },
          } as const;
          const validated = await step(h, token, up.id, 'validate', options);
          expect([200, 400]).toContain(validated.statusCode);
          if (validated.statusCode === 400) {
            expect(validated.json()).toMatchObject({ code: 'IMPORT_FILE_INVALID' });
            saw('invalid layer');
            return;
          }
          if (!validated.json<ValidationReport>().can_import) {
            const blocked = await step(h, token, up.id, 'commit', options);
            expect(blocked.statusCode).toBe(409);
            saw('blocked');
            return;
          }
          const before = await layerRowCounts(h.database.db);
          const { item } = await commitAndRun(h, token, up.id, options);
          const after = await layerRowCounts(h.database.db);
          expect(['succeeded', 'failed']).toContain(item.status);
          saw(item.status);
          if (item.status === 'failed') {
            expect(item.message).toMatch(/\S/);
            expect(after).toEqual(before);
          } else {
            expect(after.pipes! - before.pipes!).toBe((item as ImportItem).imported);
            expect(after.snapshots! - before.snapshots!).toBe(1);
          }
        },
      ),
      { numRuns: 40, seed: 3547 },
    );
    // The seed reaches every outcome: the property is exercised past the upload, up to the job.
    expect(seen.get('invalid file')).toBeGreaterThan(0);
    expect(seen.get('succeeded')).toBeGreaterThan(0);
  }, 120_000);
});
