import { describe, expect, it } from 'vitest';
import { monotone, phases, steps } from './progress.ts';

const recorder = () => {
  const seen: number[] = [];
  return { seen, report: (f: number) => seen.push(f) };
};

describe('progress helpers', () => {
  it('monotone passes advances only, clamped to [0, 1]', () => {
    const { seen, report } = recorder();
    const m = monotone(report);
    [0.2, 0.1, 0.2, 0.5, -1, 1.4, 1].forEach(m);
    expect(seen).toEqual([0.2, 0.5, 1]);
  });

  it('phases map each phase to its share of the task, in order', () => {
    const { seen, report } = recorder();
    const p = phases(report, { a: 1, b: 3, skipped: 0 });
    p.a(0.5);
    p.a(1);
    p.b(0);
    p.b(0.5);
    p.skipped(1);
    p.b(2);
    expect(seen).toEqual([0.125, 0.25, 0.25, 0.625, 1]);
  });

  it('steps report about every n steps and always the last', () => {
    const { seen, report } = recorder();
    const done = steps(report, 10, 4);
    for (let k = 1; k <= 10; k++) done(k);
    expect(seen).toEqual([0.4, 0.8, 1]);
  });

  it('without a listener every helper is a no-op', () => {
    expect(() => {
      monotone(undefined)(0.5);
      phases(undefined, { a: 1 }).a(0.5);
      steps(undefined, 3)(1);
    }).not.toThrow();
  });
});
