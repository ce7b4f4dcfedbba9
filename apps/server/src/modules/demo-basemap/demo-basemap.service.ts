// Who may read a dataset's generated streets, and which town they are. Only the version the generator wrote
// (datasets.synthetic) has them: a later import into the same network copies the metadata but may replace the pipes
// the streets were laid for. A town of another generator version would not match its pipes either.
import { DEFAULT_CITY_CENTER, SYNTH_GENERATOR_VERSION } from '@pipewise/engine';
import { z } from 'zod';
import { withTenant, type Database } from '../../db/database.ts';
import type { AuthUser, Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { datasetOrigin, type DatasetOrigin } from './demo-basemap.repository.ts';
import type { TownParams } from './town-basemap.ts';
import { townBasemapGzip } from './town-basemap.store.ts';

/** What db/seed-city.ts records of the generator's options (the centre since issue 15; the default before). */
const townMetadataSchema = z.object({
  generator_version: z.literal(SYNTH_GENERATOR_VERSION),
  seed: z.number().int(),
  target_pipes: z.number().int().min(100),
  center: z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]).optional(),
});

export function townOf(origin: DatasetOrigin): TownParams | null {
  if (!origin.synthetic) return null;
  const parsed = townMetadataSchema.safeParse(origin.metadata);
  if (!parsed.success) return null;
  const m = parsed.data;
  return { seed: m.seed, pipes: m.target_pipes, center: m.center ?? [...DEFAULT_CITY_CENTER] };
}

/** The gzipped GeoJSON of the dataset's streets and blocks; 404 for another client's dataset or one without. */
export async function readDemoBasemap(deps: Deps, user: AuthUser, datasetId: number): Promise<Uint8Array> {
  const origin = await withTenant(deps.database.db, user.clientId, (tx) => datasetOrigin(tx, datasetId));
  if (!origin) throw notFound('Dataset not found.');
  const town = townOf(origin);
  if (!town) throw notFound('This dataset has no generated streets.');
  return townBasemapGzip(deps.config.dataDir, town);
}

/**
 * Makes and keeps the dataset's streets before anyone asks (issue 41): a first visit draws the town on them, and the
 * map is idle only once they are loaded, so the first user after a restart waited for a build (17.7 s at load 12 on
 * 20k pipes). Called with the first-visit tiles (tiles/tile-prerender.ts); false for a dataset without streets.
 */
export async function prepareDemoBasemap(
  database: Database,
  dataDir: string,
  target: { clientId: number; datasetId: number },
): Promise<boolean> {
  const origin = await withTenant(database.db, target.clientId, (tx) => datasetOrigin(tx, target.datasetId));
  const town = origin ? townOf(origin) : null;
  if (!town) return false;
  await townBasemapGzip(dataDir, town);
  return true;
}
