import { describe, expect, it } from 'vitest';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { mapInTurns } from './turns.ts';

describe('mapInTurns', () => {
  it('maps a slice per event-loop turn, in order, so other callbacks run between slices', async () => {
    const items = Array.from({ length: 10 }, (_, i) => i);
    const calls: number[] = [];
    const mapping = mapInTurns(
      items,
      (i) => {
        calls.push(i);
        return i * 2;
      },
      3,
    );
    // The first slice at once, then one more per turn.
    expect(calls).toEqual([0, 1, 2]);
    await nextTurn();
    expect(calls).toEqual([0, 1, 2, 3, 4, 5]);
    expect(await mapping).toEqual(items.map((i) => i * 2));
    expect(calls).toEqual(items);
  });

  it('gives an empty list for no items', async () => {
    expect(await mapInTurns([], (x: number) => x)).toEqual([]);
  });
});
