// "The nearest pipe within a tolerance" — one definition for linking breaks and valves on import and for the
// validation report's counts, so the report predicts what the import will do. The index (KNN `<->`) picks the
// nearest pipe, then the geodesic distance decides.
import { sql, type SQL } from 'drizzle-orm';

/**
 * Pipes imported without geometry (an inventory table) are stored empty. With none drawn, a nearest-pipe search
 * would compare every point with every pipe (no index order exists): callers skip it with this test.
 */
export const drawnPipesExist = (datasetId: number): SQL =>
  sql`EXISTS (SELECT 1 FROM pipes WHERE dataset_id = ${datasetId} AND NOT ST_IsEmpty(geom))`;

/** A LATERAL subquery: `id`, `native_pipe_id` and geodesic distance `d` (m) of the pipe nearest to `point`. */
export const nearestPipe = (datasetId: number, point: SQL): SQL => sql`
  CROSS JOIN LATERAL (
    SELECT p.id, p.native_pipe_id, ST_Distance(p.geom::geography, (${point})::geography) AS d
    FROM pipes p WHERE p.dataset_id = ${datasetId}
    ORDER BY p.geom <-> (${point}) LIMIT 1
  )`;
