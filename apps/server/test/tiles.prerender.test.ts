// What the end of an analysis prepares for a first visit besides the pipes tiles (issue 41: the first user after a
// restart waits for nothing the map opens with): a generated town's streets, which the map must load before it is
// idle, are made and kept under DATA_DIR with the tiles.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import type { Dataset } from '@pipewise/domain';
import { DEMO_CLIENT_ID } from '../src/db/seed-city.ts';
import { prerenderTiles } from '../src/modules/tiles/tile-prerender.ts';
import { forgetTilePropertiesInMemory } from '../src/modules/tiles/tile-properties.ts';
import { ADMIN, forEachBackend, VIEWER, type Harness } from './helpers/harness.ts';
import { buildTileFixture } from './helpers/tile-fixture.ts';

const demoDataset = async (h: Harness): Promise<Dataset> =>
  (await h.request({ url: '/api/snapshots/current', token: await h.token(VIEWER) })).json().dataset;

const filesIn = (dir: string, ending: string) =>
  existsSync(dir) ? readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith(ending)) : [];

forEachBackend(
  'tiles: what a first visit needs, prepared at the end of an analysis',
  (h) => {
    it('makes the demo town’s streets with its tiles, before anyone asks for them', async () => {
      const demo = await demoDataset(h);
      const streets = path.join(h.config.dataDir, 'demo-basemap');
      expect(filesIn(streets, '.geojson.gz')).toHaveLength(0);
      await prerenderTiles(h.database, { clientId: DEMO_CLIENT_ID, datasetId: demo.id });
      expect(
        filesIn(path.join(h.config.dataDir, 'tile-cache', String(demo.id)), '.mvt.gz').length,
      ).toBeGreaterThan(0);
      expect(filesIn(streets, '.geojson.gz')).toHaveLength(1);
    });

    it('keeps the tile properties on disk, so a restarted server reads them instead of working them out', async () => {
      const fx = await buildTileFixture(h.database.db, 1);
      await prerenderTiles(h.database, { clientId: 1, datasetId: fx.datasetId });
      const dir = path.join(h.config.dataDir, 'tile-cache', String(fx.datasetId));
      const [file] = filesIn(dir, 'tile-properties.json');
      expect(file).toBeDefined();
      const full = path.join(dir, String(file));
      const kept = JSON.parse(readFileSync(full, 'utf8')) as { valid_feature_props: string[] };
      const url = `/api/datasets/${fx.datasetId}/tile-properties`;
      const served = (await h.request({ url, token: await h.token(ADMIN) })).json();
      expect(served).toMatchObject({ ready: true, ...kept });
      expect(kept.valid_feature_props).toContain('lof_12');
      // A new process has nothing in memory: what it serves is the file (marked here so it can be told apart).
      const marked = { ...kept, valid_feature_props: [...kept.valid_feature_props, 'from_disk'] };
      writeFileSync(full, JSON.stringify(marked));
      forgetTilePropertiesInMemory(h.database);
      const after = (await h.request({ url, token: await h.token(ADMIN) })).json();
      expect(after.valid_feature_props).toContain('from_disk');
    });
  },
  { demoCityPipes: 600 },
);
