// The properties a map needs before it colours a dataset (spec 000 §7, `GET /api/datasets/{id}/tile-properties`):
// immutable for a dataset's revision and served analysis, so kept in memory and, once worked out, on disk beside
// the first-visit tiles (tile-disk.ts) — after a restart they were worked out again on the first visit, 10.8 s on
// PGlite at load 16, holding the embedded server's one thread while the map's tiles waited (issue 41). The end of
// an analysis works them out with its tiles (tile-prerender.ts), so the first user after a restart reads a file.
import { POPULATION_QUANTILE_STEPS, type TileProperties } from '@pipewise/domain';
import { withTenant, type Database, type Db } from '../../db/database.ts';
import type { AuthUser, Deps } from '../../deps.ts';
import { readDiskJson, writeDiskJson } from './tile-disk.ts';
import { TILE_LAYERS } from './tile-layers.ts';
import {
  breakRateQuantiles,
  datasetTileState,
  layerPropertyNames,
  populationQuantiles,
  RESULT_AREA_LAYERS,
} from './tiles.repository.ts';
import { datasetNotFound } from './tiles.service.ts';

type ReadyProperties = Pick<
  TileProperties,
  'valid_feature_props' | 'population_quantiles' | 'break_rate_quantiles'
>;

/** Property names and population quantiles by database, dataset, revision and analysis: immutable once ready. */
const propertyCache = new WeakMap<Database, Map<string, ReadyProperties>>();
const PROPERTY_CACHE_SIZE = 256;
const FILE = 'tile-properties';

function cached(database: Database): Map<string, ReadyProperties> {
  let m = propertyCache.get(database);
  if (!m) propertyCache.set(database, (m = new Map()));
  return m;
}

/** What a restart leaves: nothing in memory (the tests' stand-in for a new process). */
export function forgetTilePropertiesInMemory(database: Database): void {
  propertyCache.delete(database);
}

/** The dataset's properties at its served revision: from memory, else from disk, else worked out and kept. */
export async function tilePropertiesOf(
  database: Database,
  tx: Db,
  datasetId: number,
  ds: { tileRevision: number; analysisId: number | null },
): Promise<ReadyProperties> {
  const cache = cached(database);
  const key = `${datasetId}:${ds.tileRevision}:${ds.analysisId ?? ''}`;
  const at = { dataset: datasetId, ...ds };
  let props = cache.get(key) ?? (await readDiskJson<ReadyProperties>(database, at, FILE));
  if (!props) {
    const names = new Set<string>();
    for (const layer of ['pipes', ...RESULT_AREA_LAYERS])
      for (const name of await layerPropertyNames(tx, TILE_LAYERS[layer]!, datasetId, ds.analysisId))
        names.add(name);
    props = {
      valid_feature_props: [...names].sort(),
      population_quantiles: await populationQuantiles(
        tx,
        datasetId,
        ds.analysisId,
        POPULATION_QUANTILE_STEPS,
      ),
      // As many steps as the population's: the domain's dynamic tiers read either list.
      break_rate_quantiles: await breakRateQuantiles(tx, datasetId, ds.analysisId, POPULATION_QUANTILE_STEPS),
    };
    await writeDiskJson(database, at, FILE, props);
  }
  if (!cache.has(key)) {
    if (cache.size >= PROPERTY_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(key, props);
  }
  return props;
}

/**
 * Spec 000 §7 "property GeoJSON for dataset (polled every 1 s until ready) → valid_feature_props": the properties of
 * the pipes and area layers with at least one value in the dataset, so the map offers only views it can colour (the
 * area layers' own, such as break_rate, count too: a view is shown by whether its property is listed). Not ready
 * while the first analysis runs; the list is empty until then (the client polls again). With them, the population
 * quantiles per year that the population view's dynamic tiers are computed from (MAP-TIER-09), and the areas'
 * break-rate quantiles per layer for the breakRate view's.
 */
export async function readTileProperties(
  deps: Deps,
  user: AuthUser,
  datasetId: number,
): Promise<TileProperties> {
  return withTenant(deps.database.db, user.clientId, async (tx) => {
    const ds = await datasetTileState(tx, datasetId);
    if (!ds) throw datasetNotFound();
    const ready = ds.analysisId !== null || !ds.analysisPending;
    const base = { ready, tile_revision: ds.tileRevision };
    if (!ready)
      return { ...base, valid_feature_props: [], population_quantiles: {}, break_rate_quantiles: [] };
    return { ...base, ...(await tilePropertiesOf(deps.database, tx, datasetId, ds)) };
  });
}
