import { describe, expect, it } from 'vitest';
import { NetworkBuilder } from '../network/builder.ts';
import { analyzeVis } from './analysis.ts';
import { toVisRecord } from './vis-record.ts';

// Two pipes in one segment between valves V1 and V2.
const net = new NetworkBuilder()
  .reservoir('R')
  .pipe('P0', 'R', 'A', { lengthM: 50 })
  .pipe('P1', 'A', 'B', {
    lengthM: 600,
    installYear: 1962,
    breakCount: 2,
    population: 30,
    lof: { 12: 0.1, 24: 0.2, 36: 0.3, 60: 0.5 },
    lofAbsolute: { 12: 0.12, 24: 0.25, 36: 0.4, 60: 0.8 },
  })
  .pipe('P2', 'B', 'C', {
    lengthM: 400,
    installYear: 1955,
    breakCount: 1,
    population: 20,
    lof: { 12: 0.2, 24: 0.2, 36: 0.2, 60: 0.2 },
    lofAbsolute: { 12: 0.08, 24: 0.15, 36: 0.2, 60: 0.2 },
  })
  .node('B', { population: 5 })
  .valve('V1', { pipe: 'P1', node: 'A' })
  .valve('V2', { pipe: 'P2', node: 'C' })
  .build();

describe('summarizeSegments', () => {
  const analysis = analyzeVis(net.topology, net.valves, net);
  const segment = analysis.segments.find((s) => s.pipeIds.includes('P1'))!;

  it('aggregates length, oldest install year, breaks and population', () => {
    expect(segment).toMatchObject({
      pipeIds: ['P1', 'P2'],
      nodeIds: ['B'],
      valveIds: ['V1', 'V2'],
      lengthM: 1000,
      installYear: 1955,
      breaks: 3,
      population: 55,
      hasSource: false,
    });
  });

  it('aggregates LOF as 1 − Π(1 − lof) and expected breaks per km', () => {
    expect(segment.lof[12]).toBeCloseTo(1 - 0.9 * 0.8, 12);
    expect(segment.lof[60]).toBeCloseTo(1 - 0.5 * 0.8, 12);
    expect(segment.expectedBreaksPerKm[12]).toBeCloseTo(0.2, 12);
    expect(segment.expectedBreaksPerKm[60]).toBeCloseTo(1.0, 12);
  });

  it('gives a null rate and LOF 0 for a segment without pipes or data', () => {
    const empty = analysis.segments.find((s) => s.nodeIds.includes('C'))!;
    expect(empty.expectedBreaksPerKm[12]).toBeNull();
    expect(empty.lof[12]).toBe(0);
    expect(empty.installYear).toBeNull();
  });

  it('maps to the VIS record of spec §3', () => {
    expect(toVisRecord(segment)).toMatchObject({
      installYear: 1955,
      breaks: 3,
      pipes: ['P1', 'P2'],
      valves: ['V1', 'V2'],
      pipesAggLen: 1000,
      projectedPopulation: 55,
    });
  });
});
