// The parse thread answers what parsing in place would (features in batches, a file's defect with its row), and
// ends a parse past its time or memory budget with a message the user can read.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ImportFileError, readFeatures } from './parse/index.ts';
import { collect, textFile } from './parse/test-fixtures.ts';
import { stuckViewGpkg } from '../../../test/fixtures/hostile-files.ts';
import {
  featuresInThread,
  layersInThread,
  parsesRunning,
  setParseBudget,
  warmParseThread,
} from './parse-thread.ts';
import { parsesWaiting, setParseThreadLimit, threadsWaiting } from './parse-pool.ts';

const points = (n: number) =>
  textFile(
    'points.geojson',
    JSON.stringify({
      type: 'FeatureCollection',
      features: Array.from({ length: n }, (_, i) => ({
        type: 'Feature',
        properties: { ID: `P${i + 1}`, at: i },
        geometry: { type: 'Point', coordinates: [-85.7 + i * 1e-4, 38.2] },
      })),
    }),
  );

let restore: (() => void) | undefined;
let restoreLimit: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restoreLimit?.();
  restoreLimit = undefined;
});

describe('parse thread', () => {
  it('a thread warmed while an upload arrives waits for its parse; no second one while it waits', async () => {
    // Threads that parses of other test files gave back may be waiting (run alone, this file starts with none):
    // the warm-up adds one only when none is.
    const waiting = Math.max(threadsWaiting(), 1);
    warmParseThread();
    expect(threadsWaiting()).toBe(waiting);
    warmParseThread();
    expect(threadsWaiting()).toBe(waiting);
    expect((await layersInThread(points(3)))[0]).toMatchObject({ name: 'points', featureCount: 3 });
  });

  it('hands over the features parsing in place gives, a batch at a time, and lists the layers', async () => {
    const file = points(25);
    expect(await collect(featuresInThread(file, {}, 4))).toEqual(await collect(readFeatures(file)));
    const [layer, ...more] = await layersInThread(file);
    expect(more).toEqual([]);
    const { values, ...info } = layer!;
    expect(info).toEqual({
      name: 'points',
      geometryType: 'Point',
      featureCount: 25,
      columns: ['ID', 'at'],
      crs: 'EPSG:4326',
    });
    // The material list's counts come from this pass (issue 41): every row counted once.
    expect(values!['ID']!.reduce((n, [, count]) => n + count, 0)).toBe(25);
    expect(parsesRunning()).toBe(0);
  });

  it('ends the thread when the caller stops reading early', async () => {
    const rows: unknown[] = [];
    for await (const f of featuresInThread(points(100), {}, 5)) {
      rows.push(f.properties['ID']);
      if (rows.length === 7) break;
    }
    expect(rows).toHaveLength(7);
    expect(parsesRunning()).toBe(0);
  });

  it('a defect of the file crosses the thread as an ImportFileError with its row', async () => {
    const bad = '{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"a":01}}]}';
    const error = await collect(featuresInThread(textFile('c.geojson', bad))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportFileError);
    expect(error).toMatchObject({ file: 'c.geojson', row: 1 });
    const inPlace = await collect(readFeatures(textFile('c.geojson', bad))).catch((e: unknown) => e);
    expect((error as Error).message).toBe((inPlace as Error).message);
  });

  it('stops a parse past its time budget, saying so, and parses again afterwards', async () => {
    restore = setParseBudget({ timeMs: 200 });
    const stuck = { name: 'stuck.gpkg', bytes: await stuckViewGpkg() };
    await expect(layersInThread(stuck)).rejects.toThrow(
      /^stuck\.gpkg: reading it took longer than 0\.2 s, the most this server allows, and was stopped/,
    );
    expect(parsesRunning()).toBe(0);
    expect(await collect(featuresInThread(points(3)))).toHaveLength(3);
  });

  it('stops a parse past its memory budget, saying so', async () => {
    restore = setParseBudget({ heapMb: 4 });
    const error = await layersInThread(points(20_000)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportFileError);
    expect((error as Error).message).toMatch(
      /^points\.geojson: reading it needed more than the 4 MB of memory this server allows for one file/,
    );
  });

  it('parses no more files at once than the limit; a waiting parse starts its budget with its thread', async () => {
    restoreLimit = setParseThreadLimit(1);
    const first = featuresInThread(points(50), {}, 5);
    await first.next();
    restore = setParseBudget({ timeMs: 1000 });
    const waiting = layersInThread(points(10));
    // Queued once its caller has asked for a thread: polled, so a busy machine only takes longer to get there.
    await vi.waitUntil(() => parsesWaiting() === 1, { timeout: 30_000 });
    // Held past the waiting parse's whole budget; it still has that budget once it gets the thread.
    await new Promise((resolve) => setTimeout(resolve, 1400));
    await first.return(undefined);
    expect((await waiting)[0]).toMatchObject({ name: 'points', featureCount: 10 });
    expect(parsesRunning()).toBe(0);
    expect(parsesWaiting()).toBe(0);
  });

  it('a caller that leaves while waiting for a thread takes none', async () => {
    restoreLimit = setParseThreadLimit(1);
    const first = featuresInThread(points(50), {}, 5);
    await first.next();
    const second = featuresInThread(points(5), {}, 5);
    const pending = second.next();
    await vi.waitUntil(() => parsesWaiting() === 1, { timeout: 30_000 });
    await first.return(undefined);
    expect((await pending).value).toMatchObject({ properties: { ID: 'P1' } });
    await second.return(undefined);
    expect(parsesRunning()).toBe(0);
    expect(parsesWaiting()).toBe(0);
  });
});
