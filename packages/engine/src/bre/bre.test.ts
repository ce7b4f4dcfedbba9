import { describe, expect, it } from 'vitest';
import { NetworkBuilder } from '../network/builder.ts';
import { cofOf } from '../cof/testing.ts';
import { computeBre } from './bre.ts';
import { BRE_RESTRICTED, restrictBre } from './restrict.ts';

const cof = [
  { pipeId: 'A', cofTotal: 1000 },
  { pipeId: 'B', cofTotal: 2000 },
  { pipeId: 'C', cofTotal: 500 },
  { pipeId: 'D', cofTotal: 100 },
];
const lof = { A: { 12: 0.1, 24: 0.2 }, B: { 12: 0.5 }, C: { 12: 0 }, D: {} };

describe('computeBre', () => {
  it('is LOF × COF for the 12-month horizon by default', () => {
    const bre = computeBre(cof, lof);
    expect(bre.horizonMonths).toBe(12);
    expect(bre.pipes.map((p) => p.total)).toEqual([100, 1000, 0, null]);
  });

  it('uses the requested horizon', () => {
    expect(computeBre(cof, lof, 24).pipes[0]!.total).toBe(200);
  });

  it('gives levels 1–5 monotone in the total, none without LOF', () => {
    const bre = computeBre(cof, lof);
    expect(bre.pipes.map((p) => p.level)).toEqual([3, 5, 1, null]);
  });

  it('works on a computed COF and is deterministic', () => {
    const net = new NetworkBuilder().reservoir('R').chain('P', ['R', 'A', 'B', 'C']).build();
    const result = cofOf(net);
    const lofs = Object.fromEntries(result.pipes.map((p, i) => [p.pipeId, { 12: (i + 1) / 10 }]));
    const bre = computeBre(result.pipes, lofs);
    expect(bre.pipes[1]!.total).toBeCloseTo(result.pipes[1]!.cofTotal * 0.2, 9);
    expect(JSON.stringify(computeBre(result.pipes, lofs))).toBe(JSON.stringify(bre));
  });
});

describe('restrictBre (001 §6)', () => {
  it('replaces every value with the restricted marker without the BRE subscription', () => {
    const restricted = restrictBre(computeBre(cof, lof), false);
    expect(restricted.levelBreaks).toBe(BRE_RESTRICTED);
    for (const p of restricted.pipes)
      expect(p).toEqual({ pipeId: p.pipeId, total: 'restricted', level: 'restricted' });
    expect(JSON.stringify(restricted)).not.toMatch(/1000/);
  });

  it('passes the result through with the subscription', () => {
    const bre = computeBre(cof, lof);
    expect(restrictBre(bre, true)).toBe(bre);
  });
});
