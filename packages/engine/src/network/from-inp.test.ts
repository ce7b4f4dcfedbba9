import { describe, expect, it } from 'vitest';
import { parseInp } from '../epanet/inp-parser.ts';
import type { InpModel } from '../epanet/inp-types.ts';
import { SHARED_DATA_SKIP_REASON, hasSharedData, readSharedText } from '../testing/shared-data.ts';
import { connectedComponents, danglingEnds } from './components.ts';
import { topologyFromInp } from './from-inp.ts';
import { topologyFromLines } from './snap-nodes.ts';
import { LinkKind, NodeKind } from './topology.ts';

if (!hasSharedData) console.warn(SHARED_DATA_SKIP_REASON);

const INP = `[JUNCTIONS]
 J1 10
 J2 10
[RESERVOIRS]
 R1 50
[PIPES]
 P1 R1 J1 100 200 100
 P2 J1 J2 100 200 100 0 OPEN
[PUMPS]
 PU1 R1 J2 HEAD C1
[STATUS]
 P2 CLOSED
[CURVES]
 C1 10 40
[OPTIONS]
 UNITS LPS
`;

function model(text: string): InpModel {
  const result = parseInp(text);
  if (!result.ok) throw new Error('must parse');
  return result.model;
}

describe('topologyFromInp', () => {
  it('takes nodes of every kind and pipes, pumps and valves as links; STATUS overrides', () => {
    const t = topologyFromInp(model(INP));
    expect(t.nodeIds).toEqual(['J1', 'J2', 'R1']);
    expect(t.nodeKind[2]).toBe(NodeKind.Reservoir);
    expect(t.linkIds).toEqual(['P1', 'P2', 'PU1']);
    expect(t.linkKind[2]).toBe(LinkKind.Pump);
    expect(Array.from(t.linkClosed)).toEqual([0, 1, 0]);
    expect(t.linkLengthM[0]).toBe(100);
  });
});

describe.skipIf(!hasSharedData)('topology of real networks', () => {
  it('Net1 is one component; its degree-1 reservoir and tank are not dangling ends', () => {
    const t = topologyFromInp(model(readSharedText('epanet-public/Net1.inp')));
    expect(connectedComponents(t).count).toBe(1);
    expect(
      ['9', '2'].map(
        (id) => t.incidentStart[t.nodeIndex.get(id)! + 1]! - t.incidentStart[t.nodeIndex.get(id)!]!,
      ),
    ).toEqual([1, 1]);
    expect(danglingEnds(t)).toEqual([]);
  });

  it('01-uk-style: snapping lon/lat pipe geometries reproduces the pipe-end nodes of the .inp', () => {
    const m = model(readSharedText('epanet-public/01-uk-style.inp'));
    const at = new Map(m.coordinates.map((c) => [c.nodeId, [c.x, c.y] as const]));
    const lines = m.pipes.map((p) => ({
      id: p.id,
      coordinates: [
        at.get(p.node1)!,
        ...(m.vertices[p.id] ?? []).map((v) => [v.x, v.y] as const),
        at.get(p.node2)!,
      ],
    }));
    const { topology } = topologyFromLines(lines, { toleranceM: 0.05, coordinates: 'lonlat' });
    const pipeEnds = new Set(m.pipes.flatMap((p) => [p.node1, p.node2]));
    expect(topology.nodeIds).toHaveLength(pipeEnds.size);
    // Same incidence: pipes sharing an end node in the .inp share a snapped node, and only those.
    const snappedEnd = new Map<string, number>();
    m.pipes.forEach((p, i) => {
      for (const [node, snapped] of [
        [p.node1, topology.linkFrom[i]!],
        [p.node2, topology.linkTo[i]!],
      ] as const) {
        expect(snappedEnd.get(node) ?? snapped).toBe(snapped);
        snappedEnd.set(node, snapped);
      }
    });
    expect(new Set(snappedEnd.values()).size).toBe(pipeEnds.size);
    // Geometry lengths in the local projection agree with the file's lengths to within a few per cent.
    const ratio = topology.linkLengthM[0]! / m.pipes[0]!.lengthM;
    expect(ratio).toBeGreaterThan(0.9);
    expect(ratio).toBeLessThan(1.1);
  });
});
