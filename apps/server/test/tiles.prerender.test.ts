// What the end of an analysis prepares for a first visit besides the pipes tiles (issue 41: the first user after a
// restart waits for nothing the map opens with): a generated town's streets, which the map must load before it is
// idle, are made and kept under DATA_DIR with the tiles.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import type { Dataset } from '@pipewise/domain';
import { DEMO_CLIENT_ID } from '../src/db/seed-city.ts';
import { prerenderTiles } from '../src/modules/tiles/tile-prerender.ts';
import { forEachBackend, VIEWER, type Harness } from './helpers/harness.ts';

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
  },
  { demoCityPipes: 600 },
);
