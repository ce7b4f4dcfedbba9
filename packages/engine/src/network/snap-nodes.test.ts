import { describe, expect, it } from 'vitest';
import { localProjection } from './projection.ts';
import { topologyFromLines } from './snap-nodes.ts';

describe('topologyFromLines', () => {
  it('merges pipe ends within the tolerance into one node', () => {
    const { topology } = topologyFromLines(
      [
        {
          id: 'P1',
          coordinates: [
            [0, 0],
            [100, 0],
          ],
        },
        {
          id: 'P2',
          coordinates: [
            [100.3, 0.2],
            [100, 80],
          ],
        },
        {
          id: 'P3',
          coordinates: [
            [101.5, 0],
            [200, 0],
          ],
        },
      ],
      { toleranceM: 0.5, coordinates: 'metres' },
    );
    expect(topology.nodeIds).toHaveLength(5);
    expect(topology.linkFrom[1]).toBe(topology.linkTo[0]); // P2 starts where P1 ends
    expect(topology.linkFrom[2]).not.toBe(topology.linkTo[0]); // 1.5 m away: a separate node
    expect(topology.linkLengthM[0]).toBe(100);
  });

  it('snaps ends that fall in neighbouring grid cells', () => {
    // Cells are 1 m wide from the first vertex (-5, 0): 0.99 and 1.01 lie in cells 5 and 6.
    const { topology } = topologyFromLines(
      [
        {
          id: 'P1',
          coordinates: [
            [-5, 0],
            [0.99, 0],
          ],
        },
        {
          id: 'P2',
          coordinates: [
            [1.01, 0],
            [5, 0],
          ],
        },
      ],
      { toleranceM: 1, coordinates: 'metres' },
    );
    expect(topology.nodeIds).toHaveLength(3);
    expect(topology.linkFrom[1]).toBe(topology.linkTo[0]);
  });

  it('projects lon/lat to local metres before snapping', () => {
    // Two ends 0.3 m apart at 56° N (Glasgow): 0.3 m is 4.8e-6° of longitude there.
    const { topology, projection } = topologyFromLines(
      [
        {
          id: 'P1',
          coordinates: [
            [-4.38, 55.91],
            [-4.379, 55.91],
          ],
        },
        {
          id: 'P2',
          coordinates: [
            [-4.3789952, 55.91],
            [-4.378, 55.911],
          ],
        },
      ],
      { toleranceM: 0.5, coordinates: 'lonlat' },
    );
    expect(projection).not.toBeNull();
    expect(topology.linkFrom[1]).toBe(topology.linkTo[0]);
    expect(topology.linkLengthM[0]).toBeCloseTo(62.5, 0); // 0.001° of longitude at 55.91° N
  });
  it('joins each end to the nearest earlier node within the tolerance, last met on a tie, as a scan of all nodes would (issue 41: the grid is hashed)', () => {
    // The rule the grid must keep, by brute force: nodes in founding order, an end takes the nearest within the
    // tolerance (`<=`, so on a tie the node met last in a 3×3 scan of column, then row, cells), else founds one.
    // Ends on a lattice of half the tolerance make many exact ties; coordinates spread over 10^7 m hash far apart.
    let seed = 7;
    const next = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 40;
    const tol = 1;
    const at = (v: number) => Math.round(v * 2) / 2;
    const pipes = Array.from({ length: 600 }, (_, i) => {
      const far = i % 3 === 0 ? 1e7 : 0;
      return {
        id: `P${i}`,
        coordinates: [
          [at(next()) + far, at(next())],
          [at(next()), at(next()) - far],
        ] as [number, number][],
      };
    });
    const { topology, nodeXyM } = topologyFromLines(pipes, { toleranceM: tol, coordinates: 'metres' });
    const [ox, oy] = pipes[0]!.coordinates[0]!;
    const cellOf = (x: number, y: number): [number, number] => [
      Math.floor((x - ox) / tol),
      Math.floor((y - oy) / tol),
    ];
    const nodes: [number, number][] = [];
    const expected: number[] = [];
    for (const p of pipes)
      for (const [x, y] of [p.coordinates[0]!, p.coordinates[1]!]) {
        const [cx, cy] = cellOf(x, y);
        let best = -1;
        let bestDistance = tol;
        for (let dx = -1; dx <= 1; dx++)
          for (let dy = -1; dy <= 1; dy++)
            nodes.forEach(([nx, ny], n) => {
              const [ncx, ncy] = cellOf(nx, ny);
              if (ncx !== cx + dx || ncy !== cy + dy) return;
              const d = Math.hypot(nx - x, ny - y);
              if (d <= bestDistance) [best, bestDistance] = [n, d];
            });
        if (best < 0) nodes.push([x, y]);
        expected.push(best < 0 ? nodes.length - 1 : best);
      }
    const got = Array.from(topology.linkFrom).flatMap((from, l) => [from, topology.linkTo[l]!]);
    expect(got).toEqual(expected);
    expect(Array.from(nodeXyM)).toEqual(nodes.flat());
  });
});

describe('localProjection', () => {
  it('gives metres east and north of its origin', () => {
    const p = localProjection(0, 60);
    const [x, y] = p.toMetres(1, 61);
    expect(x).toBeCloseTo(55_660, -1); // half of a degree at the equator, cos 60° = 0.5
    expect(y).toBeCloseTo(111_319, -1);
  });
});
