import { describe, expect, it } from 'vitest';
import { NetworkBuilder } from './builder.ts';
import { connectedComponents, danglingEnds } from './components.ts';
import { LinkKind, NodeKind, TopologyError, buildTopology, degree } from './topology.ts';

describe('buildTopology', () => {
  it('maps ids to dense indices and builds the node → link incidence', () => {
    const { topology } = new NetworkBuilder()
      .reservoir('R')
      .pipe('P1', 'R', 'A', { lengthM: 10 })
      .pipe('P2', 'A', 'B', { lengthM: 20, kind: LinkKind.Pump })
      .build();
    expect(topology.nodeIds).toEqual(['R', 'A', 'B']);
    expect(topology.nodeKind[0]).toBe(NodeKind.Reservoir);
    expect(Array.from(topology.linkFrom)).toEqual([0, 1]);
    expect(Array.from(topology.linkLengthM)).toEqual([10, 20]);
    const a = topology.nodeIndex.get('A')!;
    const incident = topology.incidentLinks.subarray(
      topology.incidentStart[a],
      topology.incidentStart[a + 1],
    );
    expect(Array.from(incident)).toEqual([0, 1]);
    expect(degree(topology, 0)).toBe(1);
  });

  it('rejects unknown nodes and duplicate ids', () => {
    expect(() => buildTopology([{ id: 'A' }], [{ id: 'P', from: 'A', to: 'Z' }])).toThrow(TopologyError);
    expect(() => buildTopology([{ id: 'A' }, { id: 'A' }], [])).toThrow("duplicate node id 'A'");
  });
});

describe('connectivity', () => {
  const { topology } = new NetworkBuilder()
    .reservoir('R')
    .chain('M', ['R', 'A', 'B', 'C'])
    .pipe('S1', 'B', 'D')
    .pipe('X1', 'X', 'Y')
    .build();

  it('finds connected components', () => {
    const components = connectedComponents(topology);
    expect(components.count).toBe(2);
    expect(Array.from(components.sizes)).toEqual([5, 2]);
  });

  it('lists dangling ends but not sources', () => {
    expect(danglingEnds(topology).map((i) => topology.nodeIds[i])).toEqual(['C', 'D', 'X', 'Y']);
  });
});
