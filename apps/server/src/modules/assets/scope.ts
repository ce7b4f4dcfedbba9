// Every assets/results call runs in the caller's tenant transaction against one visible dataset: another
// client's dataset id answers 404 exactly like an unknown one.
import { withTenant, type Db } from '../../db/database.ts';
import type { AuthUser, Deps } from '../../deps.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { isPolygonWkt } from './assets.repository.ts';
import type { Viewer } from './viewer.ts';
import { findServedDataset, loadViewer, type ServedDataset } from './viewer.repository.ts';

export interface Scope {
  tx: Db;
  dataset: ServedDataset;
  viewer: Viewer;
}

export const datasetNotFound = () => notFound('Dataset not found.');

export function inDataset<T>(
  deps: Deps,
  me: AuthUser,
  datasetId: number,
  fn: (scope: Scope) => Promise<T>,
): Promise<T> {
  return withTenant(deps.database.db, me.clientId, async (tx) => {
    const dataset = await findServedDataset(tx, datasetId);
    if (!dataset) throw datasetNotFound();
    const viewer = await loadViewer(tx, me.id, me.clientId);
    return fn({ tx, dataset, viewer });
  });
}

/** The polygon must parse as EPSG:4326 (multi)polygon WKT: a 400 naming the field, never a 500 from PostGIS. */
export async function assertPolygon(scope: Scope, wkt: string, field: string): Promise<void> {
  if (!(await isPolygonWkt(scope.tx, wkt))) {
    throw fieldError(
      'VALIDATION',
      `${field} is not a valid POLYGON or MULTIPOLYGON WKT in EPSG:4326.`,
      field,
      'wkt',
    );
  }
}
