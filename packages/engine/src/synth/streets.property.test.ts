import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { polylineLength } from './geo.ts';
import { splitIntoPipes } from './network.ts';
import { buildStreets } from './streets.ts';

describe('buildStreets (property)', () => {
  it('for any seed and size: one connected graph, no zero-length links, pipe count near the target', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.integer({ min: 600, max: 5000 }),
        (seed, target) => {
          const streets = buildStreets(seed, target);
          const net = splitIntoPipes(seed, streets);
          expect(Math.abs(net.pipes.length - target) / target).toBeLessThanOrEqual(0.05);
          const parent = net.nodes.map((_, i) => i);
          const find = (x: number): number => (parent[x] === x ? x : (parent[x] = find(parent[x]!)));
          for (const pipe of net.pipes) {
            expect(pipe.a).not.toBe(pipe.b);
            expect(polylineLength(pipe.points)).toBeGreaterThan(1);
            parent[find(pipe.a)] = find(pipe.b);
          }
          const roots = new Set(net.nodes.map((_, i) => find(i)));
          expect(roots.size).toBe(1);
        },
      ),
      { numRuns: 12, seed: 20261122 },
    );
  });
});
