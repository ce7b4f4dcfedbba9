// PGlite and PostgreSQL tiles carry the same features (ARCHITECTURE.md "Data": ST_AsMVT may be used on PostgreSQL
// only if a test proves both paths agree). The same dataset with a served analysis is written on both backends;
// every tile of several zooms and layers is encoded three ways — Node (vt-pbf) on PGlite, Node and ST_AsMVT on
// PostgreSQL — and the decoded features (id, type, tile-space geometry, properties) must be equal.
import { describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/database.ts';
import { encodeTile } from '../src/modules/tiles/encode.ts';
import { TILE_LAYERS } from '../src/modules/tiles/tile-layers.ts';
import { datasetTileState, tileFeatures, tileMvt } from '../src/modules/tiles/tiles.repository.ts';
import { PG_URL } from './helpers/backends.ts';
import { useHarness, type Harness } from './helpers/harness.ts';
import { buildTileFixture, decodeLayer, fixtureTiles, type TileFixture } from './helpers/tile-fixture.ts';

const LAYERS: Record<string, number[]> = {
  pipes: [13, 14, 15, 16],
  vis: [14, 16],
  mesh: [14, 15],
  district: [13, 16],
  population: [14],
  valves: [14, 16],
  hydrants: [15],
};

type Address = { z: number; x: number; y: number };
type Encoder = (h: Harness, fx: TileFixture, layer: string, t: Address) => Promise<Uint8Array | null>;

const viaNode: Encoder = (h, fx, layer, t) =>
  withTenant(h.database.db, 1, async (tx) => {
    const ds = await datasetTileState(tx, fx.datasetId);
    const rows = await tileFeatures(tx, TILE_LAYERS[layer]!, {
      datasetId: fx.datasetId,
      analysisId: ds!.analysisId,
      ...t,
    });
    return rows.length ? encodeTile(layer, rows) : null;
  });

const viaMvt: Encoder = (h, fx, layer, t) =>
  withTenant(h.database.db, 1, async (tx) => {
    const ds = await datasetTileState(tx, fx.datasetId);
    return tileMvt(tx, layer, TILE_LAYERS[layer]!, {
      datasetId: fx.datasetId,
      analysisId: ds!.analysisId,
      ...t,
    });
  });

/** Decoded features in a comparable form, by feature id. */
function features(bytes: Uint8Array | null, layer: string) {
  if (!bytes) return [];
  return decodeLayer(bytes, layer)
    .map((f) => ({
      id: f.id,
      type: f.type,
      geometry: f.loadGeometry().map((ring) => ring.map((p) => [p.x, p.y])),
      properties: f.properties,
    }))
    .sort((a, b) => Number(a.id) - Number(b.id));
}

const reason = PG_URL ? '' : ' (skipped: set PIPEWISE_TEST_PG_URL to run it on PostgreSQL)';

describe.skipIf(!PG_URL)(`tiles: PGlite and PostgreSQL carry the same features${reason}`, () => {
  const lite = useHarness('pglite');
  const pg = useHarness('postgres');
  let fxLite: TileFixture;
  let fxPg: TileFixture;

  it('builds the same dataset with results on both backends', async () => {
    fxLite = await buildTileFixture(lite.database.db, 1);
    fxPg = await buildTileFixture(pg.database.db, 1);
    expect(fxPg.bbox).toEqual(fxLite.bbox);
  });

  for (const [layer, zooms] of Object.entries(LAYERS)) {
    it(`${layer}: Node on PGlite = Node on PostgreSQL = ST_AsMVT on PostgreSQL (z ${zooms.join(', ')})`, async () => {
      let compared = 0;
      for (const z of zooms) {
        for (const t of fixtureTiles(fxLite, z)) {
          const reference = features(await viaNode(lite, fxLite, layer, t), layer);
          const nodePg = features(await viaNode(pg, fxPg, layer, t), layer);
          const mvtPg = features(await viaMvt(pg, fxPg, layer, t), layer);
          expect(nodePg, `${layer} ${z}/${t.x}/${t.y} Node on PostgreSQL`).toEqual(reference);
          expect(mvtPg, `${layer} ${z}/${t.x}/${t.y} ST_AsMVT`).toEqual(reference);
          compared += reference.length;
        }
      }
      // The comparison is not vacuous: the fixture has features in these tiles.
      expect(compared).toBeGreaterThan(0);
    });
  }
});
