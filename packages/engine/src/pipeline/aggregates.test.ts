import { describe, expect, it } from 'vitest';
import { areaResults, expectedBreaks12, segmentLofs } from './aggregates.ts';
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
      expectedBreaks12: null,
      topRiskLengthM: 0,
      riskDrivers: [],
      totalCof: 0,
      totalBre: 0,
    });
  });

  it('adds up the COF and BRE of the members in service, and the length in BRE levels 4 and 5', () => {
    const cof = new Map([
      ['a', { cofTotal: 100, bre: 10, breLevel: 5 }],
      ['b', { cofTotal: 200, bre: null, breLevel: null }],
      ['c', { cofTotal: 50, bre: 25, breLevel: 3 }],
      ['gone', { cofTotal: 0, bre: null, breLevel: 5 }],
    ]);
    const [area] = areaResults(
      [{ areaId: 'Z', pipeIds: ['a', 'b', 'c', 'gone', 'unknown'] }],
      pipes,
      figures,
      cof,
    );
    // Only 'a' (100 m, level 5) is in the top tiers: 'c' is level 3, the abandoned pipe is not in service.
    expect(area).toMatchObject({ pipes: 3, lengthM: 600, totalCof: 350, totalBre: 35, topRiskLengthM: 100 });
  });

  it('sums expected breaks: the model rate where stored, else −ln(1 − lof12)', () => {
    const [area] = areaResults([{ areaId: 'Z', pipeIds: ['a', 'b', 'c'] }], pipes, figures);
    expect(area!.expectedBreaks12).toBeCloseTo(0.1 + 0.25 + 0.7, 12);
    expect(expectedBreaks12({ lof12: 1 - Math.exp(-0.4), lofAbsolute12: null })).toBeCloseTo(0.4, 12);
    expect(expectedBreaks12({ lof12: null, lofAbsolute12: null })).toBeNull();
    // A real column rounds a certain break to 1: counted as the most it can stand for, not as infinity.
    expect(expectedBreaks12({ lof12: 1, lofAbsolute12: null })).toBeCloseTo(16.64, 2);
  });

  it('tells apart two 5,000-pipe districts whose combined probability both read 100 %', () => {
    // An old cast-iron district and a newer one, 100 m pipes: 0.02 and 0.004 expected breaks a pipe a year
    // (0.2 and 0.04 per km), the old one's pipes all in BRE level 5, a tenth of the new one's in level 4.
    const n = 5000;
    const ids = (prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
    const [oldIds, newIds] = [ids('o'), ids('n')];
    const members = new Map([...oldIds, ...newIds].map((id) => [id, { lengthM: 100, abandoned: false }]));
    const scoredAt = (abs: number) => ({ lof12: -Math.expm1(-abs), lofAbsolute12: abs, riskDrivers: [1] });
    const lofOf = new Map([
      ...oldIds.map((id) => [id, scoredAt(0.02)] as const),
      ...newIds.map((id) => [id, scoredAt(0.004)] as const),
    ]);
    const cofOf = new Map<string, { cofTotal: number; bre: number; breLevel: number }>([
      ...oldIds.map((id) => [id, { cofTotal: 1, bre: 1, breLevel: 5 }] as const),
      ...newIds.map((id, i) => [id, { cofTotal: 1, bre: 1, breLevel: i % 10 === 0 ? 4 : 2 }] as const),
    ]);
    const [old, recent] = areaResults(
      [
        { areaId: 'old', pipeIds: oldIds },
        { areaId: 'new', pipeIds: newIds },
      ],
      members,
      lofOf,
      cofOf,
    );
    // What the map showed: both districts at 100 % (1 − e^−100 and 1 − e^−20).
    expect(old!.lof12).toBeGreaterThan(0.999999);
    expect(recent!.lof12).toBeGreaterThan(0.999999);
    // What tells them apart: 100 against 20 breaks a year, 0.2 against 0.04 per km, all against a tenth of the length.
    expect(old!.expectedBreaks12).toBeCloseTo(100, 6);
    expect(recent!.expectedBreaks12).toBeCloseTo(20, 6);
    expect(old!.expectedBreaks12! / (old!.lengthM / 1000)).toBeCloseTo(0.2, 9);
    expect(recent!.expectedBreaks12! / (recent!.lengthM / 1000)).toBeCloseTo(0.04, 9);
    expect(old!.topRiskLengthM / old!.lengthM).toBe(1);
    expect(recent!.topRiskLengthM / recent!.lengthM).toBeCloseTo(0.1, 12);
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
