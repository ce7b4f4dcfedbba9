// Property test: union-find segmentation equals a plain breadth-first search over the element graph
// (nodes and links, WNTR's definition) on random networks and valve layers.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NetworkBuilder } from '../network/builder.ts';
import type { Topology } from '../network/topology.ts';
import { segmentNetwork } from './segments.ts';
import type { IsolationValve } from './valves.ts';

function referencePartition(t: Topology, valves: readonly IsolationValve[]): string[] {
  const n = t.nodeIds.length;
  const cut = new Set(
    valves.filter((v) => v.operable !== false || v.closed).map((v) => `${v.linkId}|${v.nodeId}`),
  );
  const neighbours: number[][] = Array.from({ length: n + t.linkIds.length }, () => []);
  t.linkIds.forEach((id, l) => {
    for (const node of [t.linkFrom[l]!, t.linkTo[l]!]) {
      if (cut.has(`${id}|${t.nodeIds[node]}`)) continue;
      neighbours[n + l]!.push(node);
      neighbours[node]!.push(n + l);
    }
  });
  const seen = new Array<boolean>(neighbours.length).fill(false);
  const segments: string[] = [];
  for (let start = 0; start < neighbours.length; start++) {
    if (seen[start]) continue;
    const queue = [start];
    seen[start] = true;
    const members: string[] = [];
    while (queue.length > 0) {
      const e = queue.shift()!;
      members.push(e < n ? `n:${t.nodeIds[e]}` : `l:${t.linkIds[e - n]}`);
      for (const w of neighbours[e]!) if (!seen[w] && (seen[w] = true)) queue.push(w);
    }
    segments.push(members.sort().join(' '));
  }
  return segments.sort();
}

function partition(t: Topology, valves: readonly IsolationValve[]): string[] {
  const s = segmentNetwork(t, valves);
  const groups: string[][] = Array.from({ length: s.count }, () => []);
  s.segmentOfNode.forEach((g, i) => groups[g]!.push(`n:${t.nodeIds[i]}`));
  s.segmentOfLink.forEach((g, l) => groups[g]!.push(`l:${t.linkIds[l]}`));
  return groups.map((g) => g.sort().join(' ')).sort();
}

const network = fc
  .record({
    nodes: fc.integer({ min: 2, max: 12 }),
    pipes: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat(), fc.boolean(), fc.boolean()), { maxLength: 25 }),
  })
  .map(({ nodes, pipes }) => {
    const builder = new NetworkBuilder();
    for (let i = 0; i < nodes; i++) builder.node(`J${i}`);
    pipes.forEach(([a, b, valveBits, operable, closed], i) => {
      const [from, to] = [`J${a % nodes}`, `J${(a + 1 + (b % (nodes - 1))) % nodes}`];
      builder.pipe(`P${i}`, from, to);
      if (valveBits % 3 === 1) builder.valve(`V${i}a`, { pipe: `P${i}`, node: from, operable, closed });
      if (valveBits % 4 === 2) builder.valve(`V${i}b`, { pipe: `P${i}`, node: to, operable: !operable });
    });
    return builder.build();
  });

describe('segmentNetwork (property)', () => {
  it('equals a breadth-first search over the node–link incidence graph', () => {
    fc.assert(
      fc.property(network, ({ topology, valves }) => {
        expect(partition(topology, valves)).toEqual(referencePartition(topology, valves));
      }),
      { numRuns: 300, seed: 42 },
    );
  });
});
