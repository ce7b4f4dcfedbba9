// Reproduces WNTR's reference results (../shared/data/wntr-net3-valve-segments, from USEPA/WNTR tests).
// Segment ids are arbitrary labels on both sides, so partitions are compared as sets of sets.
import { describe, expect, it } from 'vitest';
import { parseInp } from '../epanet/inp-parser.ts';
import { topologyFromInp } from '../network/from-inp.ts';
import type { Topology } from '../network/topology.ts';
import {
  SHARED_DATA_SKIP_REASON,
  hasSharedData,
  readSharedCsv,
  readSharedText,
} from '../testing/shared-data.ts';
import { type Segmentation, segmentNetwork } from './segments.ts';
import type { IsolationValve } from './valves.ts';
import { valveCriticality } from './criticality.ts';

if (!hasSharedData) console.warn(SHARED_DATA_SKIP_REASON);

const DIR = 'wntr-net3-valve-segments/';

function network(file: string): Topology {
  const result = parseInp(readSharedText(DIR + file));
  if (!result.ok) throw new Error(`${file} must parse`);
  return topologyFromInp(result.model);
}

function valveLayer(file: string): IsolationValve[] {
  return readSharedCsv(DIR + file).map(([index, link, node]) => ({
    id: index!,
    linkId: link!,
    nodeId: node!,
  }));
}

/** Canonical partition: each segment as a sorted list of 'n:id' / 'l:id', the list of segments sorted. */
function partitionOf(topology: Topology, segmentation: Segmentation): string[] {
  const segments: string[][] = Array.from({ length: segmentation.count }, () => []);
  segmentation.segmentOfNode.forEach((s, i) => segments[s]!.push(`n:${topology.nodeIds[i]}`));
  segmentation.segmentOfLink.forEach((s, i) => segments[s]!.push(`l:${topology.linkIds[i]}`));
  return segments.map((s) => s.sort().join(' ')).sort();
}

function expectedPartition(nodeFile: string, linkFile: string): string[] {
  const segments = new Map<string, string[]>();
  const add = (label: string, element: string) =>
    segments.set(label, [...(segments.get(label) ?? []), element]);
  for (const [id, label] of readSharedCsv(DIR + nodeFile)) add(label!, `n:${id}`);
  for (const [id, label] of readSharedCsv(DIR + linkFile)) add(label!, `l:${id}`);
  return [...segments.values()].map((s) => s.sort().join(' ')).sort();
}

describe.skipIf(!hasSharedData)('valve segments match WNTR', () => {
  const net3 = hasSharedData ? network('Net3_wntr.inp') : null;

  it('random layer of 40 valves: 23 segments, largest 125, identical partition', () => {
    const segmentation = segmentNetwork(net3!, valveLayer('valve_layer_random.csv'));
    expect(segmentation.valves.problems).toEqual([]);
    expect(segmentation.count).toBe(23);
    expect(Math.max(...segmentation.sizes)).toBe(125);
    expect(partitionOf(net3!, segmentation)).toEqual(
      expectedPartition('node_segments_random.csv', 'link_segments_random.csv'),
    );
  });

  it('strategic N-1 layer: 119 segments, largest 3, identical partition', () => {
    const segmentation = segmentNetwork(net3!, valveLayer('valve_layer_stategic_1.csv'));
    expect(segmentation.count).toBe(119);
    expect(Math.max(...segmentation.sizes)).toBe(3);
    expect(partitionOf(net3!, segmentation)).toEqual(
      expectedPartition('node_segments_strategic.csv', 'link_segments_strategic.csv'),
    );
  });

  it('CCWI17 Herman & Mahmoud network: 4 segments, largest 11', () => {
    const topology = network('CCWI17-HermanMahmoud.inp');
    const pairs = [
      ['p1', 'n1'],
      ['p3', 'n2'],
      ['p7', 'n5'],
      ['p7', 'n6'],
      ['p8', 'n6'],
    ];
    const valves = pairs.map(([linkId, nodeId], i) => ({ id: String(i), linkId: linkId!, nodeId: nodeId! }));
    const segmentation = segmentNetwork(topology, valves);
    expect(segmentation.count).toBe(4);
    expect(Math.max(...segmentation.sizes)).toBe(11);
  });
});

describe.skipIf(!hasSharedData)('valve criticality matches WNTR (strategic N-1 layer)', () => {
  const net3 = hasSharedData ? network('Net3_wntr.inp') : null;
  const valves = hasSharedData ? valveLayer('valve_layer_stategic_1.csv') : [];

  it('length-based criticality equals valve_crit_length.csv', () => {
    const found = valveCriticality(net3!, segmentNetwork(net3!, valves));
    const expected = readSharedCsv(DIR + 'valve_crit_length.csv');
    expect(found).toHaveLength(expected.length);
    expected.forEach(([id, value], i) => {
      expect(found[i]!.valveId).toBe(id);
      expect(found[i]!.lengthIncrease).toBeCloseTo(Number(value), 10);
    });
  });

  it('demand-based criticality equals valve_crit_demand.csv', () => {
    const found = valveCriticality(net3!, segmentNetwork(net3!, valves), net3Demands());
    const expected = readSharedCsv(DIR + 'valve_crit_demand.csv');
    expected.forEach(([id, value], i) => {
      expect(found[i]!.valveId).toBe(id);
      expect(found[i]!.demandIncrease).toBeCloseTo(Number(value), 10);
    });
  });

  it('valve-count criticality equals valve_crit_valve.csv', () => {
    const found = valveCriticality(net3!, segmentNetwork(net3!, valves));
    const expected = readSharedCsv(DIR + 'valve_crit_valve.csv').map(([id, value]) => [id, Number(value)]);
    expect(found.map((c) => [c.valveId, c.surroundingValves])).toEqual(expected);
  });
});

/**
 * WNTR's average_expected_demand: base demand × the mean of its pattern over the least common multiple of
 * all pattern lengths (and 24 h), i.e. the mean multiplier; junctions without a pattern use pattern '1'
 * (the default pattern). The demand multiplier scales every node alike and cancels in the ratio.
 */
function net3Demands(): Record<string, number> {
  const result = parseInp(readSharedText(DIR + 'Net3_wntr.inp'));
  if (!result.ok) throw new Error('Net3 must parse');
  const multipliers = new Map<string, number[]>();
  for (const line of result.model.otherSections['PATTERNS'] ?? []) {
    const [id, ...values] = line.split(';')[0]!.trim().split(/\s+/);
    if (id) multipliers.set(id, [...(multipliers.get(id) ?? []), ...values.map(Number)]);
  }
  const mean = (id: string) => {
    const values = multipliers.get(id) ?? [1];
    return values.reduce((a, b) => a + b, 0) / values.length;
  };
  return Object.fromEntries(
    result.model.junctions.map((j) => [j.id, j.baseDemand * mean(j.patternId ?? '1')]),
  );
}
