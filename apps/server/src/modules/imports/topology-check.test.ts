import { describe, expect, it } from 'vitest';
import { buildTopology } from '@pipewise/engine';
import { PipeLines, type PipeLine, topologyReport } from './topology-check.ts';
import { END, START, incidentEnds } from './topology-net.ts';

// ~1 m of latitude in degrees.
const M = 1 / 111_320;
const line = (...pts: [number, number][]) => ({ type: 'LineString' as const, coordinates: pts });
const SNAP = { nodeIds: false, nodeToleranceM: 0.5, snapToleranceM: 5 };
const IDS = { ...SNAP, nodeIds: true };

function lines(...rows: Omit<PipeLine, 'row' | 'lengthM'>[]): PipeLines {
  const p = new PipeLines();
  rows.forEach((r, i) => p.add({ lengthM: null, ...r, row: i + 1 }));
  return p;
}

describe('topologyReport by coordinates', () => {
  it('joins ends within 0.5 m, counts islands, dangling ends and an end stopping 2 m short of a main', () => {
    const p = lines(
      { nativeId: 'A', geometry: line([0, 0], [0, 100 * M]) },
      { nativeId: 'B', geometry: line([0, 100 * M + 0.3 * M], [0, 200 * M]) }, // joined to A (0.3 m)
      // C stops 2 m short of A's side: a dangling end within a 5 m tolerance of another pipe.
      { nativeId: 'C', geometry: line([2 * M, 50 * M], [60 * M, 50 * M]) },
      { nativeId: 'D', geometry: line([0, 1000 * M], [0, 1010 * M]) }, // an island
      { nativeId: 'no geometry', geometry: null },
    );
    const r = topologyReport(p, SNAP, []);
    expect(r).toMatchObject({ mode: 'coordinates', nodes: 7, links: 4, components: 3, dangling_ends: 6 });
    expect(r.unsnapped_ends).toBe(1);
    expect(r.unsnapped_examples).toEqual([
      { native_id: 'C', row: 3, end: 'start', distance_m: expect.closeTo(2, 1) },
    ]);
    expect(r.largest_component_share).toBeCloseTo(200 / 268, 2);
    expect(topologyReport(p, { ...SNAP, snapToleranceM: 0.5 }, []).unsnapped_ends).toBe(0);
    // What snapping did, with the utility's ids and rows (issue 16).
    expect(r.merged_ends).toEqual({
      count: 1,
      examples: [
        {
          native_id: 'A',
          row: 1,
          end: 'end',
          distance_m: expect.closeTo(0.3, 2),
          with: [{ native_id: 'B', row: 2, end: 'start' }],
        },
      ],
    });
    expect(r.largest_merge_m).toBeCloseTo(0.3, 2);
    expect(r.component_sizes).toEqual([
      { nodes: 3, links: 2, length_m: expect.closeTo(200, 0), native_id: 'A', row: 1 },
      { nodes: 2, links: 1, length_m: expect.closeTo(58, 0), native_id: 'C', row: 3 },
      { nodes: 2, links: 1, length_m: expect.closeTo(10, 0), native_id: 'D', row: 4 },
    ]);
    expect(r.dangling.examples).toContainEqual({ native_id: 'C', row: 3, end: 'start' });
  });

  it('checks a layer of pipes thousands of km long (coordinates read in the wrong unit) in bounded memory', () => {
    // A chain of 3,000 two-degree pipes that jumps back across the map every 100: a 50 m grid needed a cell per 50 m
    // of every pipe (over 16 million) and failed with "Map maximum size exceeded" (issue 18's malformed corpus).
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      nativeId: `P${i}`,
      geometry: line([2 * (i % 100), Math.floor(i / 100)], [2 * ((i + 1) % 100), Math.floor((i + 1) / 100)]),
    }));
    // And one end stopping 2 m short of the first pipe's side.
    rows.push({ nativeId: 'short', geometry: line([1, 2 * M], [1, 0.5]) });
    const r = topologyReport(lines(...rows), SNAP, []);
    expect(r.links).toBe(3001);
    expect(r.unsnapped_examples).toEqual([
      { native_id: 'short', row: 3001, end: 'start', distance_m: expect.closeTo(2, 0) },
    ]);
  });

  it('says which links were shorter than the tolerance and became self-loops', () => {
    const p = lines(
      { nativeId: 'MAIN', geometry: line([0, 0], [0, 50 * M]) },
      // A 0.445 m valved stub: both its ends fall within 0.5 m of each other.
      { nativeId: 'STUB', geometry: line([0, 50 * M], [0, 50.445 * M]) },
      { nativeId: 'NEXT', geometry: line([0, 50.445 * M], [0, 90 * M]) },
    );
    const r = topologyReport(p, SNAP, []);
    expect(r.short_links).toEqual({
      count: 1,
      examples: [{ native_id: 'STUB', row: 2, length_m: expect.closeTo(0.445, 2) }],
    });
    expect(r.self_loops).toEqual({
      count: 1,
      examples: [{ native_id: 'STUB', row: 2, length_m: expect.closeTo(0.445, 2) }],
    });
    expect(r.merged_ends.count).toBe(1);
  });

  it('counts existing valves farther than the tolerance from every new pipe', () => {
    const p = lines({ nativeId: 'A', geometry: line([10, 45], [10, 45 + 100 * M]) });
    const valves: [number, number][] = [
      [10 + 1 * M, 45 + 10 * M],
      [10 + 50 * M, 45],
    ];
    expect(topologyReport(p, SNAP, valves).valves_far).toBe(1);
    expect(topologyReport(new PipeLines(), SNAP, valves).valves_far).toBe(2);
  });
});

describe('topologyReport by node ids', () => {
  it('keeps coincident but unconnected nodes apart, and names them', () => {
    // Two mains cross at one point without a junction: J2 and K2 are drawn at the same place.
    const p = lines(
      { nativeId: 'A1', geometry: line([0, 0], [0, 50 * M]), from: 'J1', to: 'J2' },
      { nativeId: 'A2', geometry: line([0, 50 * M], [0, 100 * M]), from: 'J2', to: 'J3' },
      { nativeId: 'B1', geometry: line([-50 * M, 50 * M], [0, 50 * M]), from: 'K1', to: 'K2' },
      { nativeId: 'B2', geometry: line([0, 50 * M], [50 * M, 50 * M]), from: 'K2', to: 'K3' },
    );
    const byIds = topologyReport(p, IDS, []);
    expect(byIds).toMatchObject({ mode: 'node_ids', nodes: 6, links: 4, components: 2 });
    expect(byIds.coincident_nodes).toEqual({
      count: 1,
      examples: [
        {
          native_id: 'A1',
          row: 1,
          end: 'end',
          node_id: 'J2',
          distance_m: 0,
          with: [{ native_id: 'B1', row: 3, end: 'end', node_id: 'K2' }],
        },
      ],
    });
    expect(byIds.far_ends.count).toBe(0);
    // Snapped by coordinates, the crossing would join both mains into one part.
    expect(topologyReport(p, SNAP, [])).toMatchObject({ mode: 'coordinates', nodes: 5, components: 1 });
  });

  it('keeps two nodes 0.445 m apart, and a 0.445 m link between them, as the ids say', () => {
    const p = lines(
      { nativeId: 'MAIN', geometry: line([0, 0], [0, 50 * M]), from: 'J1', to: 'J2' },
      { nativeId: 'STUB', geometry: line([0, 50 * M], [0, 50.445 * M]), from: 'J2', to: 'J3' },
      { nativeId: 'NEXT', geometry: line([0, 50.445 * M], [0, 90 * M]), from: 'J3', to: 'J4' },
    );
    const r = topologyReport(p, IDS, []);
    expect(r).toMatchObject({ nodes: 4, links: 3, components: 1, self_loops: { count: 0 } });
    expect(r.coincident_nodes).toMatchObject({
      count: 1,
      examples: [
        {
          node_id: 'J2',
          distance_m: expect.closeTo(0.445, 2),
          with: [expect.objectContaining({ node_id: 'J3' })],
        },
      ],
    });
  });

  it('reports an end drawn farther than the tolerance from the other ends of its node', () => {
    const p = lines(
      { nativeId: 'A', geometry: line([0, 0], [0, 50 * M]), from: 'J1', to: 'J2' },
      { nativeId: 'B', geometry: line([0, 50 * M], [0, 90 * M]), from: 'J2', to: 'J3' },
      // C says it starts at J2, but its line starts 3 m away.
      { nativeId: 'C', geometry: line([3 * M, 50 * M], [40 * M, 50 * M]), from: 'J2', to: 'J4' },
    );
    const r = topologyReport(p, IDS, []);
    expect(r.far_ends).toEqual({
      count: 1,
      examples: [{ native_id: 'C', row: 3, end: 'start', node_id: 'J2', distance_m: expect.closeTo(3, 2) }],
    });
    expect(r.components).toBe(1);
  });

  it('keeps links of no length between their two nodes and lists them', () => {
    const p = new PipeLines();
    p.add({ nativeId: 'P1', row: 1, geometry: line([0, 0], [0, 50 * M]), lengthM: 50, from: 'R', to: 'I' });
    // A pump whose two nodes are drawn at one point.
    p.add({
      nativeId: 'PUMP',
      row: 2,
      geometry: line([0, 50 * M], [0, 50 * M]),
      lengthM: 0,
      from: 'I',
      to: 'O',
    });
    p.add({
      nativeId: 'P2',
      row: 3,
      geometry: line([0, 50 * M], [0, 90 * M]),
      lengthM: 40,
      from: 'O',
      to: 'J',
    });
    const r = topologyReport(p, IDS, []);
    expect(r).toMatchObject({ nodes: 4, links: 3, components: 1, self_loops: { count: 0 } });
    expect(r.zero_length_links).toEqual({
      count: 1,
      examples: [{ native_id: 'PUMP', row: 2 }],
    });
    expect(r.coincident_nodes.count).toBe(1);
    // By coordinates the pump is a self-loop, and said to be one.
    const snapped = topologyReport(p, SNAP, []);
    expect(snapped.self_loops.examples).toEqual([{ native_id: 'PUMP', row: 2, length_m: 0 }]);
    expect(snapped.zero_length_links.count).toBe(1);
  });

  it('falls back to coordinates, and says how many rows lack an id, when one link has no node id', () => {
    const p = lines(
      { nativeId: 'A', geometry: line([0, 0], [0, 50 * M]), from: 'J1', to: 'J2' },
      { nativeId: 'B', geometry: line([0, 50 * M], [0, 90 * M]), from: 'J2', to: null },
    );
    expect(topologyReport(p, IDS, [])).toMatchObject({ mode: 'coordinates', missing_node_ids: 1, nodes: 3 });
  });
});

// Issue 37: a crafted .inp of 100,002 pipes between the same two junctions held a parse thread for five minutes:
// each node's ends were compared pairwise. The same files now read in one pass over the ends.
describe('topologyReport on crafted layers', () => {
  it('checks 20,000 parallel pipes between two junctions, the ends agreeing at each', () => {
    const p = new PipeLines();
    for (let i = 0; i < 20_000; i++)
      p.add({
        nativeId: `P${i}`,
        row: i + 1,
        lengthM: 100,
        geometry: line([0, 0], [0, 100 * M]),
        from: 'J1',
        to: 'J2',
      });
    const r = topologyReport(p, IDS, []);
    expect(r).toMatchObject({ mode: 'node_ids', nodes: 2, links: 20_000, components: 1 });
    expect(r.far_ends.count).toBe(0);
    expect(r.coincident_nodes.count).toBe(0);
  });

  it('places a node where most of its ends agree and reports the others, among many distinct ends', () => {
    const p = new PipeLines();
    // 300 ends 10 m apart around J1 (more than the 256 candidates), 400 more exactly at the origin.
    for (let i = 0; i < 700; i++) {
      const at: [number, number] = i < 300 ? [(i + 1) * 10 * M, 0] : [0, 0];
      p.add({
        nativeId: `P${i}`,
        row: i + 1,
        lengthM: null,
        geometry: line(at, [0, -100 * M]),
        from: 'J1',
        to: `E${i}`,
      });
    }
    const r = topologyReport(p, IDS, []);
    expect(r.far_ends.count).toBe(300);
    expect(r.far_ends.examples[0]).toMatchObject({ node_id: 'J1', distance_m: expect.closeTo(3000, -1) });
  });

  it('reports 1,000 junctions drawn on one spot as 999 findings named with the first, in one pass', () => {
    const p = new PipeLines();
    for (let i = 0; i < 1_000; i++)
      p.add({
        nativeId: `P${i}`,
        row: i + 1,
        lengthM: null,
        geometry: line([0, 0], [i * M, 100 * M]),
        from: `J${i}`,
        to: `K${i}`,
      });
    const r = topologyReport(p, IDS, []);
    expect(r.coincident_nodes.count).toBe(999);
    expect(r.coincident_nodes.examples[0]).toMatchObject({ node_id: 'J0', distance_m: 0 });
  });
});

describe('incidentEnds', () => {
  it('lists each end at a node once, both ends of a self-loop included, in incidence order', () => {
    const topology = buildTopology(
      [{ id: 'a' }, { id: 'b' }],
      [
        { id: 'ab', from: 'a', to: 'b' },
        { id: 'loop', from: 'a', to: 'a' },
        { id: 'ba', from: 'b', to: 'a' },
      ],
    );
    expect(incidentEnds(topology, 0)).toEqual([
      { l: 0, end: START },
      { l: 1, end: START },
      { l: 1, end: END },
      { l: 2, end: END },
    ]);
    expect(incidentEnds(topology, 1)).toEqual([
      { l: 0, end: END },
      { l: 2, end: START },
    ]);
  });
});
