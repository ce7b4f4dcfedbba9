// The committed import runs in the pg-boss worker (queue 'import'), and the wizard's polling sees it finish.
import { expect, it } from 'vitest';
import { DATASET_STATUS, type DatasetStatusEntry, type ImportItem } from '@pipewise/domain';
import { startWorker } from '../src/worker.ts';
import { ADMIN, forEachBackend } from './helpers/harness.ts';
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
    } finally {
      await worker.stop();
    }
  }, 120_000);
});
