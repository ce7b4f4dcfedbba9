// A pathological network does not hold the API (issue 18: 30,000 disconnected pipes — a segment each — made the
// preprocess write one long statement; on the embedded database a statement holds the event loop while it runs).
// The segments, with their geometry, are written in batches, each a transaction of its own: a request sent once the
// write has begun is answered before it ends. Asserted by order, not by time (times: bench/edit-stall.bench.mjs).
import type { ImportItem } from '@pipewise/domain';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { tenantSteps } from '../src/db/database.ts';
import { runAnalysis } from '../src/modules/analysis/analysis.job.ts';
import { readPreprocess } from '../src/modules/analysis/read-results.ts';
import type { BatchExecutor } from '../src/modules/analysis/result-batches.ts';
import { clearResults, writePreprocess } from '../src/modules/analysis/write-results.ts';
import { runImport } from '../src/modules/imports/import.job.ts';
import { uploadPath } from '../src/modules/imports/upload-files.ts';
import { q } from './helpers/analysis-runs.ts';
import { ADMIN, forEachBackend } from './helpers/harness.ts';
import { clientOfImport, mainsCsv, mainsOptions, step, uploadOk } from './fixtures/imports-api.ts';

/** mainsCsv's mains do not touch: each is a segment of its own, as in the network. */
const PIPES = 240;

forEachBackend('analysis of a network of disconnected pipes', (h) => {
  it('writes the segments in batches and answers a request sent while it writes them', async () => {
    const token = await h.token(ADMIN);
    const up = await uploadOk(h, token, 'loose.csv', mainsCsv(PIPES));
    const commit = await step(h, token, up.id, 'commit', mainsOptions({ new_group_name: 'Loose pipes' }));
    const item = commit.json<ImportItem>();
    const clientId = await clientOfImport(h, item.id);
    const job = (await runImport(h.database, {
      importId: item.id,
      clientId,
      path: uploadPath(h.config.dataDir, up.id),
    }))!;
    expect(await runAnalysis(h.database, job, { worker: 'test-e', stopAfter: 'preprocess' })).toBe(true);
    const segments = await q(
      h,
      sql`SELECT segment_id FROM vis_segments WHERE analysis_id = ${job.analysisId} ORDER BY segment_id`,
    );
    expect(segments.length).toBe(PIPES);
    // The write again, as the stage does it, with a health request sent after its first transaction.
    const tenant = tenantSteps(h.database, clientId);
    const pre = await readPreprocess(
      { execute: (query) => tenant((tx) => tx.execute(query)) },
      job.analysisId,
    );
    await tenant((tx) => clearResults(tx, job.analysisId));
    const events: string[] = [];
    let health: Promise<void> | undefined;
    const batches: BatchExecutor = {
      shape: { rows: 60, lanes: 1 },
      execute: async (query) => {
        await health;
        const result = await tenant((tx) => tx.execute(query));
        events.push('batch');
        health ??= h.request({ url: '/api/health' }).then((r) => void events.push(`health ${r.statusCode}`));
        return result;
      },
    };
    await writePreprocess(batches, job, pre, new Map());
    events.push('written');
    await health;
    expect(events.indexOf('health 200')).toBeGreaterThan(0);
    expect(events.indexOf('health 200')).toBeLessThan(events.lastIndexOf('batch'));
    const [drawn] = await q(
      h,
      sql`SELECT count(*) FILTER (WHERE NOT ST_IsEmpty(geom))::int AS n FROM vis_segments
          WHERE analysis_id = ${job.analysisId}`,
    );
    expect(drawn).toMatchObject({ n: PIPES });
  });
});
