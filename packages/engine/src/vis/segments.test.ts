import { describe, expect, it } from 'vitest';
import { NetworkBuilder } from '../network/builder.ts';
import { analyzeVis } from './analysis.ts';
import { segmentNetwork } from './segments.ts';

// R ─P1─ A ─P2─ B ─P3─ C, valves on P2 at A (V1) and at B (V2), and on P3 at C (V3).
function line(options: { v2?: { operable?: boolean; closed?: boolean } } = {}) {
  return new NetworkBuilder()
    .reservoir('R')
    .pipe('P1', 'R', 'A', { lengthM: 100 })
    .pipe('P2', 'A', 'B', { lengthM: 200 })
    .pipe('P3', 'B', 'C', { lengthM: 300 })
    .valve('V1', { pipe: 'P2', node: 'A' })
    .valve('V2', { pipe: 'P2', node: 'B', ...options.v2 })
    .valve('V3', { pipe: 'P3', node: 'C' })
    .build();
}

function members(net: ReturnType<typeof line>) {
  const analysis = analyzeVis(net.topology, net.valves);
  return analysis.segments.map((s) => [...s.nodeIds, ...s.pipeIds].sort().join(','));
}

describe('segmentNetwork', () => {
  it('cuts each valve adjacency: the pipe between two valves is its own segment', () => {
    expect(members(line())).toEqual(['A,P1,R', 'B,P3', 'C', 'P2']);
  });

  it('an inoperable valve keeps its adjacency: the segment grows to the next operable valves', () => {
    expect(members(line({ v2: { operable: false } }))).toEqual(['A,P1,R', 'B,P2,P3', 'C']);
    const net = line({ v2: { operable: false } });
    const segment = analyzeVis(net.topology, net.valves).segments[1]!;
    expect(segment.valvesToClose).toEqual(['V1', 'V3']);
    expect(segment.inoperableValveIds).toEqual(['V2']);
  });

  it('a closed valve isolates even when seized, and is never in valvesToClose', () => {
    const net = line({ v2: { operable: false, closed: true } });
    const analysis = analyzeVis(net.topology, net.valves);
    expect(analysis.segments.map((s) => s.pipeIds)).toEqual([['P1'], ['P3'], [], ['P2']]);
    expect(analysis.segments[3]).toMatchObject({ valveIds: ['V1', 'V2'], valvesToClose: ['V1'] });
  });

  it('keeps closed pipes as members by default (WNTR) and can treat them as isolated', () => {
    const net = new NetworkBuilder().pipe('P1', 'A', 'B').pipe('P2', 'B', 'C', { closed: true }).build();
    expect(segmentNetwork(net.topology, []).count).toBe(1);
    expect(segmentNetwork(net.topology, [], { closedLinks: 'isolate' }).count).toBe(3);
  });

  it('reports valves that do not sit on their pipe', () => {
    const net = new NetworkBuilder()
      .pipe('P1', 'A', 'B')
      .valve('V1', { pipe: 'P1', node: 'C' })
      .valve('V2', { pipe: 'P9', node: 'A' })
      .node('C')
      .build();
    expect(segmentNetwork(net.topology, net.valves).valves.problems).toEqual([
      { valveId: 'V1', message: "node 'C' is not an end of 'P1'" },
      { valveId: 'V2', message: "unknown link 'P9'" },
    ]);
  });

  it('numbers segments by their first element, nodes before links', () => {
    const a = segmentNetwork(line().topology, line().valves);
    const b = segmentNetwork(line().topology, line().valves);
    expect(Array.from(a.segmentOfLink)).toEqual(Array.from(b.segmentOfLink));
    expect(Array.from(a.segmentOfNode)).toEqual([0, 0, 1, 2]);
    expect(Array.from(a.segmentOfLink)).toEqual([0, 3, 1]);
  });
});
