// Property test: the linear-time articulation answer equals brute force — shut segment s, search from
// every source over open valves between segments, and list the segments no longer reached.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NetworkBuilder } from '../network/builder.ts';
import { NodeKind } from '../network/topology.ts';
import { segmentNetwork, type Segmentation } from './segments.ts';
import { supplyLoss } from './supply-loss.ts';
import type { Topology } from '../network/topology.ts';

function reachedFromSources(t: Topology, seg: Segmentation, removed: number): Set<number> {
  const { link, node, isolates, closed } = seg.valves;
  const edges: [number, number][] = [];
  for (let v = 0; v < link.length; v++) {
    if (isolates[v] && !closed[v]) edges.push([seg.segmentOfLink[link[v]!]!, seg.segmentOfNode[node[v]!]!]);
  }
  const reached = new Set<number>();
  const queue: number[] = [];
  t.nodeIds.forEach((_, i) => {
    const s = seg.segmentOfNode[i]!;
    if (t.nodeKind[i] !== NodeKind.Junction && s !== removed && !reached.has(s)) {
      reached.add(s);
      queue.push(s);
    }
  });
  while (queue.length > 0) {
    const s = queue.pop()!;
    for (const [a, b] of edges) {
      const other = a === s ? b : b === s ? a : -1;
      if (other >= 0 && other !== removed && !reached.has(other)) {
        reached.add(other);
        queue.push(other);
      }
    }
  }
  return reached;
}

const network = fc
  .record({
    nodes: fc.integer({ min: 2, max: 10 }),
    sources: fc.integer({ min: 0, max: 2 }),
    pipes: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat(), fc.boolean()), { maxLength: 20 }),
  })
  .map(({ nodes, sources, pipes }) => {
    const builder = new NetworkBuilder();
    for (let i = 0; i < nodes; i++)
      builder.node(`J${i}`, { kind: i < sources ? NodeKind.Reservoir : undefined });
    pipes.forEach(([a, b, bits, closed], i) => {
      const [from, to] = [`J${a % nodes}`, `J${(a + 1 + (b % (nodes - 1))) % nodes}`];
      builder.pipe(`P${i}`, from, to);
      if (bits % 2 === 1)
        builder.valve(`V${i}a`, { pipe: `P${i}`, node: from, closed: closed && bits % 5 === 0 });
      if (bits % 3 !== 0) builder.valve(`V${i}b`, { pipe: `P${i}`, node: to });
    });
    return builder.build();
  });

describe('supplyLoss (property)', () => {
  it('equals brute force over every segment', () => {
    fc.assert(
      fc.property(network, ({ topology, valves }) => {
        const seg = segmentNetwork(topology, valves);
        const loss = supplyLoss(topology, seg);
        const before = reachedFromSources(topology, seg, -1);
        for (let s = 0; s < seg.count; s++) {
          const after = reachedFromSources(topology, seg, s);
          const expected = [...before].filter((x) => x !== s && !after.has(x)).sort((a, b) => a - b);
          expect([...loss.cutOffSegments(s)].sort((a, b) => a - b)).toEqual(expected);
        }
      }),
      { numRuns: 300, seed: 7 },
    );
  });
});
