import { describe, expect, it } from 'vitest';
import { areaResults, segmentLofs } from './aggregates.ts';
import type { DatasetPipe, PipeLofResult, SegmentRecord } from './types.ts';

const pipe = (id: string, lengthM: number, abandoned = false) => ({ id, lengthM, abandoned }) as DatasetPipe;
const scored = (pipeId: string, lof12: number, abs12: number, riskDrivers: number[]): PipeLofResult => ({
  pipeId,
  lof: { '12': lof12, '24': 2 * lof12, '36': 3 * lof12, '60': 4 * lof12 },
  lofAbsolute: { '12': abs12, '24': 2 * abs12, '36': 3 * abs12, '60': 4 * abs12 },
  cumBreaks: null,
  rank: {},
  breaksPerKmYear: null,
  riskDrivers,
  rul: null,
});

const pipes = new Map(
  [pipe('a', 100), pipe('b', 200), pipe('c', 300), pipe('gone', 50, true)].map((p) => [p.id, p]),
);
const lof = new Map(
  [
    scored('a', 0.1, 0.1, [1, 2, 3]),
    scored('b', 0.2, 0.25, [2, 1]),
    scored('c', 0.5, 0.7, [15, 1, 2, 3, 13, 21]),
  ].map((l) => [l.pipeId, l]),
);

// What areaResults reads of each pipe: its 12-month figures (CofPipeFigures).
const figures = new Map(
  [...lof.values()].map((l) => [
    l.pipeId,
    { lof12: l.lof!['12']!, lofAbsolute12: l.lofAbsolute!['12']!, riskDrivers: l.riskDrivers },
  ]),
);

describe('area aggregates', () => {
  it('combines LOF 12 as 1 − Π(1 − lof) and weights risk drivers by expected breaks × 5,4,3,2,1', () => {
    const [area] = areaResults(
      [{ areaId: 'Z', pipeIds: ['a', 'b', 'c', 'gone', 'unknown'] }],
      pipes,
      figures,
    );
    expect(area!.pipes).toBe(3);
    expect(area!.lengthM).toBe(600);
    // 1 − 0.9 × 0.8 × 0.5 = 0.64
    expect(area!.lof12).toBeCloseTo(0.64, 12);
    // code 1: 0.1·5 + 0.25·4 + 0.7·4 = 4.3; code 2: 0.1·4 + 0.25·5 + 0.7·3 = 3.75; code 15: 0.7·5 = 3.5;
    // code 3: 0.1·3 + 0.7·2 = 1.7; code 13: 0.7·1 = 0.7; code 21 (sixth) does not count.
    expect(area!.riskDrivers).toEqual([1, 2, 15, 3, 13]);
  });

  it('gives null LOF to an area without scored pipes', () => {
    const [area] = areaResults([{ areaId: 'E', pipeIds: ['gone'] }], pipes, figures);
    expect(area).toEqual({
      areaId: 'E',
      pipes: 0,
      lengthM: 0,
      lof12: null,
      riskDrivers: [],
      totalCof: 0,
      totalBre: 0,
    });
  });

  it('adds up the COF and BRE of the members in service', () => {
    const cof = new Map([
      ['a', { cofTotal: 100, bre: 10 }],
      ['b', { cofTotal: 200, bre: null }],
      ['gone', { cofTotal: 0, bre: null }],
    ]);
    const [area] = areaResults(
      [{ areaId: 'Z', pipeIds: ['a', 'b', 'gone', 'unknown'] }],
      pipes,
      figures,
      cof,
    );
    expect(area).toMatchObject({ pipes: 2, totalCof: 300, totalBre: 10 });
  });
});

describe('segment LOF', () => {
  it('combines each horizon and gives expected breaks per km', () => {
    const segment = { id: 4, pipeIds: ['a', 'b'], lengthM: 300 } as unknown as SegmentRecord;
    const [s] = segmentLofs([segment], lof);
    expect(s!.segmentId).toBe(4);
    expect(s!.lof['12']).toBeCloseTo(1 - 0.9 * 0.8, 12);
    expect(s!.lof['60']).toBeCloseTo(1 - 0.6 * 0.2, 12);
    expect(s!.expectedBreaksPerKm['12']).toBeCloseTo(0.35 / 0.3, 12);
  });
});
