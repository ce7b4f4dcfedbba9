import { describe, expect, it } from 'vitest';
import { FairSlots } from './fair-slots.ts';

/** Acquires and records the order slots are granted in. */
function recorder(slots: FairSlots) {
  const granted: string[] = [];
  const ask = (tenant: number, label: string) => void slots.acquire(tenant).then(() => granted.push(label));
  return { granted, ask };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('FairSlots (issue 37: one client cannot hold every parse thread)', () => {
  it('keeps a slot for another client while one client floods the pool', async () => {
    const slots = new FairSlots(4);
    const { granted, ask } = recorder(slots);
    for (let i = 1; i <= 4; i++) ask(1, `crafted ${i}`);
    await flush();
    // Half of four, and never the last free one: two run, two wait.
    expect(granted).toEqual(['crafted 1', 'crafted 2']);
    expect(slots.waiting).toBe(2);
    ask(2, 'small upload');
    await flush();
    expect(granted).toEqual(['crafted 1', 'crafted 2', 'small upload']);
    // A third client still finds the last slot.
    ask(3, 'third client');
    await flush();
    expect(granted.at(-1)).toBe('third client');
    expect(slots.holding(1)).toBe(2);
  });

  it('gives a freed slot to the first waiting work allowed, in arrival order', async () => {
    const slots = new FairSlots(2);
    const { granted, ask } = recorder(slots);
    ask(1, 'a1');
    ask(1, 'a2'); // one client holds at most one of two: waits
    ask(2, 'b1');
    ask(2, 'b2');
    await flush();
    expect(granted).toEqual(['a1', 'b1']);
    slots.release(1);
    await flush();
    expect(granted).toEqual(['a1', 'b1', 'a2']);
    slots.release(2);
    await flush();
    expect(granted).toEqual(['a1', 'b1', 'a2', 'b2']);
  });

  it('runs one at a time with one slot, and none at none until the limit is raised', async () => {
    const slots = new FairSlots(0);
    const { granted, ask } = recorder(slots);
    ask(1, 'x');
    await flush();
    expect(granted).toEqual([]);
    expect(slots.setLimit(1)).toBe(0);
    await flush();
    expect(granted).toEqual(['x']);
    ask(1, 'y');
    ask(2, 'z');
    await flush();
    expect(granted).toEqual(['x']);
    slots.release(1);
    await flush();
    expect(granted).toEqual(['x', 'y']);
  });
});
