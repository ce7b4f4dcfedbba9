// The seed's queued analysis completed with fake results made in SQL from the pipes (bench/fake-results.mjs), and
// swapped in as the job would (bench/map.bench.mjs's header says why: ROLE=api runs no worker).
import pg from 'pg';
import { fakePipeResultsSql } from '../fake-results.mjs';

export async function serveFakeResults(dbUrl) {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    // The superuser bypasses row-level security: no tenant to set.
    const { rows } = await c.query(
      `SELECT id, dataset_id FROM analyses WHERE stage = 'queued' ORDER BY id DESC LIMIT 1`,
    );
    if (!rows[0]) throw new Error('no queued analysis of the demo town');
    const analysisId = Number(rows[0].id);
    const datasetId = Number(rows[0].dataset_id);
    await c.query('BEGIN');
    const inserted = await c.query(fakePipeResultsSql(analysisId, datasetId));
    // The job's swap (analysis.job.ts swapIn): COMPLETE (0), origin IMPUTED (1), a new tile revision.
    await c.query(
      `UPDATE datasets SET refresh_status = 'NONE', analysis_id = $1, status = 0, ra_complete = true, rul = true,
        origin = 1, tile_revision = tile_revision + 1, updated_at = now() WHERE id = $2`,
      [analysisId, datasetId],
    );
    await c.query(
      `UPDATE analyses SET stage = 'complete', progress = 100, finished_at = now(), worker = NULL WHERE id = $1`,
      [analysisId],
    );
    await c.query('COMMIT');
    await c.query('ANALYZE pipes');
    await c.query('ANALYZE pipe_results');
    return { analysisId, datasetId, pipes: inserted.rowCount };
  } catch (err) {
    await c.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    await c.end();
  }
}
