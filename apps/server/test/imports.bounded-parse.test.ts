// Issue 18: one tenant's upload cannot take the service from the others. A zip bomb is refused naming its entry
// before it inflates, a parse runs in a thread while the API keeps answering, and a parse past its time budget ends
// with a clear message and nothing written.
import { afterEach, expect, it } from 'vitest';
import type { ImportItem } from '@pipewise/domain';
import { layerRowCounts } from '../src/modules/imports/imports.repository.ts';
import { parsesRunning, setParseBudget } from '../src/modules/imports/parse-thread.ts';
import { ADMIN, forEachBackend } from './helpers/harness.ts';
import { commitAndRun, districts, upload, uploadOk, validate } from './fixtures/imports-api.ts';
import { recursiveViewGpkg, stuckViewGpkg, zipBomb } from './fixtures/hostile-files.ts';

const MiB = 1024 * 1024;

/** Resolves once a parse thread is alive (polled between turns of the event loop, which stays free). */
async function parseStarted(): Promise<void> {
  while (parsesRunning() === 0) await new Promise((resolve) => setTimeout(resolve, 5));
}

let restoreBudget: (() => void) | undefined;
afterEach(() => restoreBudget?.());

forEachBackend('imports: bounded parsing', (h) => {
  it('refuses a zip bomb naming its entry, whether its headers declare the sizes or lie about them', async () => {
    const token = await h.token(ADMIN);
    for (const honest of [true, false]) {
      // 20 × 100 MB of zeros in about 2 MB: unzipSync inflated all 2 GB on the API's thread.
      const bomb = zipBomb({ honest });
      expect(bomb.length).toBeLessThan(3 * MiB);
      const rss = process.memoryUsage().rss;
      const res = await upload(h, token, 'bomb.zip', bomb);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'IMPORT_FILE_INVALID',
        message: expect.stringMatching(
          /^bomb\.zip\/pipes_0\.shp: inflates to more than 100 times its compressed size .* zip bomb/,
        ),
      });
      // At most one entry's first few chunks were inflated, in a thread that has ended.
      expect(process.memoryUsage().rss - rss).toBeLessThan(400 * MiB);
    }
    expect((await h.request({ url: '/api/imports', token })).statusCode).toBe(200);
  });

  it('answers /api/health while a GeoPackage view stalls its parse, then ends the parse at its budget', async () => {
    restoreBudget = setParseBudget({ timeMs: 10_000 });
    const token = await h.token(ADMIN);
    let settled = false;
    const pending = upload(h, token, 'stuck.gpkg', await stuckViewGpkg()).finally(() => (settled = true));
    await parseStarted();
    const health = await h.request({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(settled).toBe(false);
    const res = await pending;
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(
      /^stuck\.gpkg: reading it took longer than 10 s, the most this server allows, and was stopped/,
    );
    expect(parsesRunning()).toBe(0);
  });

  it('refuses a recursive GeoPackage view as a layer, naming it, instead of counting it for ever', async () => {
    const token = await h.token(ADMIN);
    const res = await upload(h, token, 'loop.gpkg', await recursiveViewGpkg());
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(
      /^loop\.gpkg: layer 'loop' is a view of more than 1,000,000 rows/,
    );
  });

  it('fails an import whose parse runs past its budget, with the reason and nothing written', async () => {
    const token = await h.token(ADMIN);
    const up = await uploadOk(h, token, 'districts.geojson', districts(2100, 0));
    const options = {
      layer: 'districts',
      type: 'assets',
      asset_layer: 'districts',
      mapping: { nativeId: 'DISTRICT' },
      target: { new_group_name: 'Districts' },
    } as const;
    expect(await validate(h, token, up.id, options)).toMatchObject({ imported: 2100, can_import: true });
    const before = await layerRowCounts(h.database.db);
    restoreBudget = setParseBudget({ timeMs: 1 });
    const { item } = await commitAndRun(h, token, up.id, options);
    expect(item).toMatchObject({ status: 'failed', dataset_id: null, snapshot_group_id: null });
    expect(item.message).toMatch(/^districts\.geojson: reading it took longer than 0\.001 s/);
    expect(await layerRowCounts(h.database.db)).toEqual(before);
    const list = (await h.request({ url: '/api/imports', token })).json<{ imports: ImportItem[] }>();
    expect(list.imports[0]).toMatchObject({ id: item.id, status: 'failed' });
  });
});
