import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import {
  copyPacked,
  packInSteps,
  packValue,
  transferList,
  unpackInSteps,
  unpackValue,
  type PackedValue,
} from './chunked-message.ts';

const pipe = (i: number) => ({
  pipeId: `P${i}`,
  lof: i % 7 === 0 ? null : { 12: i / 1e5, 24: i / 5e4 },
  riskDrivers: [i % 3, 2],
  parts: [[[i, i + 0.5]]],
  rul: i % 5 === 0 ? undefined : NaN,
});
const stage = () => ({
  pipes: Array.from({ length: 5000 }, (_, i) => pipe(i)),
  segments: Array.from({ length: 1200 }, (_, i) => ({ id: i, pipeIds: [`P${i}`, `P${i + 1}`] })),
  inputs: { pipes: Array.from({ length: 3000 }, (_, i) => pipe(i)), breaks: [{ dateMs: 1 }] },
  deep: { deeper: { list: Array.from({ length: 2000 }, (_, i) => i) } },
  notes: ['small arrays stay in the value'],
  scoring: { weights: new Float64Array([0.5, 1.5]) },
});

/** Across a real port, buffers transferred as compute-thread.ts sends them. */
async function across(packed: PackedValue): Promise<PackedValue> {
  const { port1, port2 }: { port1: MessagePort; port2: MessagePort } = new MessageChannel();
  const arrived = new Promise<PackedValue>((resolve) => port2.once('message', resolve));
  port1.postMessage(packed, transferList(packed));
  const received = await arrived;
  port1.close();
  return received;
}

describe('values sent between threads in slices', () => {
  it('a large result arrives deep-equal in many buffers, its large arrays taken out up to two keys down', async () => {
    const value = stage();
    const packed = packValue(value, { sliceBytes: 16 * 1024 });
    expect(packed.arrays.map((a) => a.path)).toEqual([['pipes'], ['segments'], ['inputs', 'pipes']]);
    expect(packed.arrays.every((a) => a.slices > 3)).toBe(true);
    expect(packed.chunks.length).toBe(packed.arrays.reduce((n, a) => n + a.slices, 0) + 1);
    const received = await across(packed);
    // Moved, not copied: the sender's buffers are emptied.
    expect(packed.chunks.every((c) => c.byteLength === 0)).toBe(true);
    expect(await unpackInSteps(received)).toEqual(value);
    // The sender's value is not changed by taking its arrays out.
    expect(value).toEqual(stage());
  });

  it('packs on the API’s thread a step a turn, and the thread reads it back at once, as one message would', async () => {
    const value = Array.from({ length: 4000 }, (_, i) => ({ horizon: i, scores: [i, [i]] }));
    const packed = await packInSteps(value, undefined, { sliceBytes: 8 * 1024 });
    expect(packed.arrays).toEqual([{ path: [], slices: expect.any(Number) as number }]);
    expect(packed.arrays[0]!.slices).toBeGreaterThan(3);
    expect(unpackValue(await across(packed))).toEqual(structuredClone(value));
  });

  it('a copy reaches a second thread after the first was sent its buffers', async () => {
    const packed = packValue(stage(), { sliceBytes: 16 * 1024 });
    const copy = copyPacked(packed);
    await across(packed);
    expect(await unpackInSteps(await across(copy))).toEqual(stage());
  });

  it('a small value travels whole in one buffer', () => {
    const packed = packValue({ stage: 'preprocess', pipes: [pipe(1)] });
    expect(packed.arrays).toEqual([]);
    expect(unpackValue(packed)).toEqual({ stage: 'preprocess', pipes: [pipe(1)] });
  });

  it('an abort while reading back or packing rejects with its reason and reads no further', async () => {
    const packed = packValue(stage(), { sliceBytes: 16 * 1024 });
    const controller = new AbortController();
    const reading = unpackInSteps(packed, controller.signal);
    const reason = new Error('the stage was aborted');
    setImmediate(() => controller.abort(reason));
    await expect(reading).rejects.toBe(reason);
    await expect(packInSteps(stage(), AbortSignal.abort(reason))).rejects.toBe(reason);
  });

  it('a damaged buffer mid-way fails the read with the deserialiser’s error', async () => {
    const packed = packValue(stage(), { sliceBytes: 16 * 1024 });
    const chunks = [...packed.chunks];
    chunks[3] = chunks[3]!.subarray(0, 10);
    await expect(unpackInSteps({ ...packed, chunks })).rejects.toThrow();
  });
});
