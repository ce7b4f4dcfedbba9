import { describe, expect, it } from 'vitest';
import { PipeLines, topologyReport } from './topology-check.ts';

// ~1 m of latitude in degrees.
const M = 1 / 111_320;
const line = (...pts: [number, number][]) => ({ type: 'LineString' as const, coordinates: pts });

describe('topologyReport', () => {
  it('joins ends within 0.5 m, counts islands, dangling ends and an end stopping 2 m short of a main', () => {
    const p = new PipeLines();
    p.add('A', line([0, 0], [0, 100 * M]));
    p.add('B', line([0, 100 * M + 0.3 * M], [0, 200 * M])); // joined to A (0.3 m)
    // C stops 2 m short of A's side: a dangling end within a 5 m tolerance of another pipe.
    p.add('C', line([2 * M, 50 * M], [60 * M, 50 * M]));
    p.add('D', line([0, 1000 * M], [0, 1010 * M])); // an island
    p.add('no geometry', null);
    const r = topologyReport(p, 5, []);
    expect(r).toMatchObject({ nodes: 7, components: 3, dangling_ends: 6, unsnapped_ends: 1 });
    expect(r.unsnapped_examples).toEqual([{ native_id: 'C', distance_m: expect.closeTo(2, 1) }]);
    expect(r.largest_component_share).toBeCloseTo(200 / 268, 2);
    expect(topologyReport(p, 1, []).unsnapped_ends).toBe(0);
  });

  it('counts existing valves farther than the tolerance from every new pipe', () => {
    const p = new PipeLines();
    p.add('A', line([10, 45], [10, 45 + 100 * M]));
    const valves: [number, number][] = [
      [10 + 1 * M, 45 + 10 * M],
      [10 + 50 * M, 45],
    ];
    expect(topologyReport(p, 5, valves).valves_far).toBe(1);
    expect(topologyReport(new PipeLines(), 5, valves).valves_far).toBe(2);
  });
});
