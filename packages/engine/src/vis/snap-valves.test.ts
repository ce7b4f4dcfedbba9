import { describe, expect, it } from 'vitest';
import { topologyFromLines } from '../network/snap-nodes.ts';
import { segmentNetwork } from './segments.ts';
import { snapPipesOf, snapValvePoints } from './snap-valves.ts';

const pipes = [
  {
    id: 'P1',
    fromNodeId: 'A',
    toNodeId: 'B',
    xyM: [
      [0, 0],
      [100, 0],
    ] as [number, number][],
  },
  // An L-shaped pipe: by straight distance (0, 90) is nearer C, but along the pipe it is nearer D.
  {
    id: 'P2',
    fromNodeId: 'C',
    toNodeId: 'D',
    xyM: [
      [0, 10],
      [0, 200],
      [20, 200],
    ] as [number, number][],
  },
];

describe('snapValvePoints', () => {
  it('places a valve on the nearest pipe next to the nearer end', () => {
    const { valves, unsnapped } = snapValvePoints(
      [
        { id: 'V1', xM: 10, yM: 1 },
        { id: 'V2', xM: 95, yM: -2, operable: false },
        { id: 'V3', xM: 500, yM: 500 },
      ],
      pipes,
      { toleranceM: 3 },
    );
    expect(valves).toEqual([
      { id: 'V1', linkId: 'P1', nodeId: 'A', operable: true, closed: false },
      { id: 'V2', linkId: 'P1', nodeId: 'B', operable: false, closed: false },
    ]);
    expect(unsnapped).toEqual(['V3']);
  });

  it('measures the nearer end along the pipe', () => {
    const { valves } = snapValvePoints([{ id: 'V1', xM: 1, yM: 120 }], pipes, { toleranceM: 2 });
    expect(valves[0]).toMatchObject({ linkId: 'P2', nodeId: 'D' });
  });
});

describe('point valves on a network built from lon/lat lines', () => {
  it('projects the valves with the network projection and segments the result', () => {
    const lines = [
      {
        id: 'P1',
        coordinates: [
          [-4.38, 55.91],
          [-4.379, 55.91],
        ] as [number, number][],
      },
      {
        id: 'P2',
        coordinates: [
          [-4.379, 55.91],
          [-4.378, 55.91],
        ] as [number, number][],
      },
    ];
    const net = topologyFromLines(lines, { toleranceM: 0.5, coordinates: 'lonlat' });
    // 5 m east of the shared node, on P2.
    const [xM, yM] = net.projection!.toMetres(-4.37892, 55.91);
    const { valves } = snapValvePoints([{ id: 'V1', xM, yM }], snapPipesOf(net), { toleranceM: 1 });
    expect(valves).toEqual([
      {
        id: 'V1',
        linkId: 'P2',
        nodeId: net.topology.nodeIds[net.topology.linkTo[0]!],
        operable: true,
        closed: false,
      },
    ]);
    expect(segmentNetwork(net.topology, valves).count).toBe(2);
  });
});
