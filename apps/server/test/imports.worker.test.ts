// The committed import runs in the pg-boss worker (queue 'import'), and the wizard's polling sees it finish. The
// network has no break history: its analysis serves the prior LOF (issue 39), and a renewal programme runs on it.
import { expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  DATASET_STATUS,
  type Dataset,
  type DatasetStatusEntry,
  type ImportItem,
  type Programme,
} from '@pipewise/domain';
import { startWorker } from '../src/worker.ts';
import { ADMIN, forEachBackend, WORKER } from './helpers/harness.ts';
import { step, uploadOk } from './fixtures/imports-api.ts';

const CSV = `ID,DIA,YEAR,WKT
P1,150,1970,"LINESTRING(-85.5 38, -85.501 38)"
P2,200,1985,"LINESTRING(-85.501 38, -85.502 38.001)"
P3,,1990,"LINESTRING(-85.502 38.001, -85.503 38.001)"
`;

forEachBackend('imports: worker', (h) => {
  it('runs a committed import in the worker; polling answers succeeded with the counts', async () => {
    const worker = await startWorker(h.database, h.app.log);
    try {
      const token = await h.token(ADMIN);
      const up = await uploadOk(h, token, 'mains.csv', new TextEncoder().encode(CSV));
      const commit = await step(h, token, up.id, 'commit', {
        layer: 'mains',
        type: 'assets',
        asset_layer: 'pipes',
        mapping: { nativeId: 'ID', diameter: 'DIA', installYear: 'YEAR' },
        target: { new_group_name: 'Worker mains' },
      });
      expect(commit.statusCode).toBe(202);
      const { id } = commit.json<ImportItem>();
      await expect
        .poll(async () => (await h.request({ url: `/api/imports/${id}`, token })).json<ImportItem>().status, {
          timeout: 20_000,
          interval: 250,
        })
        .toBe('succeeded');
      const item = (await h.request({ url: `/api/imports/${id}`, token })).json<ImportItem>();
      expect(item).toMatchObject({ rows: 3, imported: 3, skipped: 0, progress: 1 });
      expect(item.report!.topology).toMatchObject({ nodes: 4, components: 1, dangling_ends: 2 });
      // The import queued the new version's analysis; the same worker runs it to COMPLETE (no breaks: LOF has
      // nothing to learn from, yet every stage must finish).
      const datasetStatus = async () =>
        (await h.request({ url: '/api/datasets/status', token }))
          .json<DatasetStatusEntry[]>()
          .find((s) => s.id === item.dataset_id);
      await expect
        .poll(
          async () => {
            const s = await datasetStatus();
            // A CANCELLED run shows its whole entry (with analysis_error) in the failure message.
            return s?.status === DATASET_STATUS.CANCELLED ? JSON.stringify(s) : s?.status;
          },
          { timeout: 60_000, interval: 500 },
        )
        .toBe(DATASET_STATUS.COMPLETE);
      expect(await datasetStatus()).toMatchObject({
        analysis_stage: 'complete',
        refresh_status: 'NONE',
      });

      // Issue 39: no break history, so the LOF is the prior (published rates by material and age), labelled so.
      const listed = (await h.request({ url: '/api/datasets', token })).json<{ datasets: Dataset[] }>();
      const dataset = listed.datasets.find((d) => d.id === item.dataset_id);
      expect(dataset).toMatchObject({ lof_source: 'prior', lof_unavailable: null });
      const lof = await h.database.db.execute(sql`SELECT pr.lof_12, pr.lof_absolute, pr.rank_12, pr.rul
        FROM pipe_results pr JOIN datasets d ON d.analysis_id = pr.analysis_id WHERE d.id = ${item.dataset_id}`);
      expect(lof.rows).toHaveLength(3);
      for (const r of lof.rows) {
        expect(Number(r['lof_12'])).toBeGreaterThan(0);
        expect(Number(r['rank_12'])).toBeLessThanOrEqual(100);
        expect(r['rul']).not.toBeNull();
      }
      const card = await h.database.db
        .execute(sql`SELECT a.lof_card->>'prior' AS prior, a.lof_card->>'method' AS method,
          a.lof_scoring->>'prior' AS scoring_prior, a.lof_scoring->'rul'->'ageing' AS ageing
        FROM analyses a JOIN datasets d ON d.analysis_id = a.id WHERE d.id = ${item.dataset_id}`);
      expect(card.rows[0]).toMatchObject({
        prior: 'true',
        method: expect.stringMatching(/^Prior: published North American break rates/),
        scoring_prior: 'true',
      });
      const ageing = card.rows[0]!['ageing'];
      expect(typeof ageing === 'string' ? JSON.parse(ageing) : ageing).toMatchObject({
        exponentByMaterial: {},
        pooledExponent: 1,
        minAgeYears: 10,
      });

      // A renewal programme works on it too, and says its LOF is a prior.
      const year = new Date().getUTCFullYear();
      const posted = await h.request({
        method: 'POST',
        url: '/api/programmes',
        token: await h.token(WORKER),
        body: {
          dataset_id: item.dataset_id,
          start_year: year + 1,
          horizon_years: 5,
          scenarios: [
            { name: 'Nothing', yearly_budget: 0 },
            { name: 'Some', yearly_budget: 100_000 },
          ],
        },
      });
      expect(posted.statusCode, posted.body).toBe(202);
      const programmeId = posted.json<Programme>().id;
      await expect
        .poll(
          async () =>
            (await h.request({ url: `/api/programmes/${programmeId}`, token })).json<Programme>().state,
          { timeout: 60_000, interval: 500 },
        )
        .toBe('done');
      const programme = (await h.request({ url: `/api/programmes/${programmeId}`, token })).json<Programme>();
      expect(programme.assumptions).toMatchObject({ lof_source: 'prior', pooled_ageing_exponent: 1 });
      expect(programme.scenarios[0]!.years[0]!.expected_breaks).toBeGreaterThan(0);
    } finally {
      await worker.stop();
    }
  }, 120_000);
});
