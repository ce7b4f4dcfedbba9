import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildNeighbours } from './neighbours.ts';
import { ImputeBuilder } from './testing/builder.ts';
import type { ImputePipe } from './types.ts';

const neighboursOf = (pipes: readonly ImputePipe[], kNearest = 8, maxNeighbourM = 400) => {
  const g = buildNeighbours(pipes, undefined, { kNearest, maxNeighbourM });
  return pipes.map((_, i) => [...g.index.subarray(g.start[i], g.start[i + 1])].map((j) => pipes[j]!.id));
};

describe('buildNeighbours', () => {
  it('links pipes meeting at a node and on the same street, never a pipe to itself', () => {
    const pipes = new ImputeBuilder()
      .street('Elm St', 3, {})
      .street('Far Rd', 2, {}, { atM: [5000, 5000] })
      .build();
    const [elm1, , elm3, far1] = neighboursOf(pipes, 0);
    expect(elm1).toEqual(['Elm St-2', 'Elm St-3']);
    expect(elm3).toEqual(['Elm St-1', 'Elm St-2']);
    expect(far1).toEqual(['Far Rd-2']);
  });

  it('finds the same k nearest midpoints as a brute-force search', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 2000 }), fc.integer({ min: 0, max: 2000 })), {
          minLength: 2,
          maxLength: 60,
        }),
        fc.integer({ min: 1, max: 6 }),
        (points, k) => {
          // Zero-length pipes at distinct random points, on no street: only the k-nearest rule links them.
          const builder = new ImputeBuilder();
          points.forEach(([x, y], i) => builder.street(`S${i}`, 1, { lengthM: 0 }, { atM: [x, y] }));
          const pipes = builder.build().map((p) => ({ ...p, street: null }));
          const got = neighboursOf(pipes, k, 400);
          const g = buildNeighbours(pipes, undefined, { kNearest: k, maxNeighbourM: 400 });
          points.forEach(([x, y], i) => {
            const expected = points
              .map(([u, v], j) => [j, Math.hypot(u - x, v - y)] as const)
              .filter(([j, d]) => j !== i && d <= 400 && d > 1)
              .sort((a, b) => a[1] - b[1] || a[0] - b[0])
              .slice(0, k)
              .map(([j]) => `S${j}-1`);
            // Coincident points share a node and are linked as connected pipes as well.
            const near = got[i]!.filter((id) => {
              const j = Number(id.slice(1, -2));
              return Math.hypot(points[j]![0] - x, points[j]![1] - y) > 1;
            });
            expect(new Set(near)).toEqual(new Set(expected));
            expect(g.start[i + 1]! - g.start[i]!).toBeGreaterThanOrEqual(expected.length);
          });
        },
      ),
      { numRuns: 40 },
    );
  });
});
