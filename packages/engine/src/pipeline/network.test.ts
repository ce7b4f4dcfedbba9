// A dataset whose pipes carry node ids (issue 16): the ids are the topology, links of no length included, and a
// valve stands at the node the file names, which position alone cannot tell on a pump drawn as one point.
import { describe, expect, it } from 'vitest';
import { segmentNetwork } from '../vis/segments.ts';
import { datasetNetwork } from './network.ts';
import type { DatasetInputs, DatasetPipe, DatasetValve } from './types.ts';

const M = 1 / 111_320;
type Xy = readonly [number, number];

function pipe(id: string, from: string, to: string, a: Xy, b: Xy, lengthM: number): DatasetPipe {
  return {
    id,
    nativeId: id,
    parts: [[a, b]],
    lengthM,
    installYear: null,
    materialTypeCode: null,
    diameterMm: null,
    overrides: {},
    abandoned: false,
    address: null,
    roadType: null,
    pressureZone: null,
    fromNode: from,
    toNode: to,
    population: null,
    rateOfChange: null,
    attrs: {},
  };
}

function valve(id: string, pipeId: string, at: Xy, nodeId?: string): DatasetValve {
  return { id, nativeId: id, pipeId, nodeId, position: at, normallyClosed: false, operable: true };
}

const O: Xy = [-85, 38];
const P: Xy = [-85, 38 + 50 * M];
const Q: Xy = [-85, 38 + 90 * M];

function inputs(valves: DatasetValve[]): DatasetInputs {
  return {
    datasetId: '1',
    country: 'US',
    seed: 1,
    // A pump between I and O, its two nodes drawn at one point, between two mains.
    pipes: [pipe('P1', 'R', 'I', O, P, 50), pipe('PUMP', 'I', 'O', P, P, 0), pipe('P2', 'O', 'J', P, Q, 40)],
    breaks: [],
    valves,
    pointAssets: [],
    areas: [],
    epanetInp: null,
    cofScenario: null,
  };
}

describe('datasetNetwork with node ids', () => {
  it('keeps the zero-length pump as a link between its two nodes', () => {
    const net = datasetNetwork(inputs([]));
    expect(net.mode).toBe('nodes');
    expect(net.topology.linkIds).toEqual(['P1', 'PUMP', 'P2']);
    expect(net.topology.nodeIds).toEqual(['R', 'I', 'O', 'J']);
  });

  it('stands a valve at the node the file names, on either side of the pump', () => {
    const net = datasetNetwork(inputs([valve('V1', 'PUMP', P, 'I'), valve('V2', 'PUMP', P, 'O')]));
    expect(net.valves.map((v) => [v.id, v.linkId, v.nodeId])).toEqual([
      ['V1', 'PUMP', 'I'],
      ['V2', 'PUMP', 'O'],
    ]);
    // Both sides closed: the pump is a segment of its own, the mains on either side two others.
    const segments = segmentNetwork(net.topology, net.valves);
    const of = (id: string) => segments.segmentOfLink[net.topology.linkIndex.get(id)!];
    expect(new Set([of('P1'), of('PUMP'), of('P2')]).size).toBe(3);
  });

  it('places a valve by position when the node it names is not an end of its pipe', () => {
    const net = datasetNetwork(inputs([valve('V1', 'P2', Q, 'R'), valve('V2', 'P1', O)]));
    expect(net.valves.map((v) => [v.id, v.nodeId])).toEqual([
      ['V1', 'J'],
      ['V2', 'R'],
    ]);
  });
});
