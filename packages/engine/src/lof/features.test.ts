import fc from 'fast-check';
import { LOF_ATTRIBUTE_PREFIX, LOF_BASE_FEATURES, MATERIAL } from '@pipewise/domain';
import { describe, expect, it } from 'vitest';
import {
  ATTRIBUTE_PREFIX,
  BASE_FEATURES,
  buildFrame,
  fitFeatureContext,
  YEARS_SINCE_BREAK_CAP,
} from './features.ts';
import { indexBreaks } from './history.ts';
import { msOfYear } from './time.ts';
import type { LofBreak, LofPipe } from './types.ts';

const pipe = (id: string, installYear: number | null, extra: Partial<LofPipe> = {}): LofPipe => ({
  id,
  installYear,
  material: MATERIAL.CAST_IRON,
  diameterMm: 150,
  lengthM: 100,
  ...extra,
});
const at = (pipeId: string, year: number): LofBreak => ({ pipeId, dateMs: msOfYear(year) });

const columnOf = (frame: ReturnType<typeof buildFrame>, name: string) =>
  frame.columns[frame.specs.findIndex((s) => s.name === name)]!;

describe('feature builder as of a cutoff', () => {
  const pipes = [pipe('A', 1950), pipe('B', 2000), pipe('C', null, { diameterMm: null, material: null })];
  const breaks = [at('A', 1990.5), at('A', 2008.2), at('A', 2012), at('B', 1995), at('C', 2011.5)];
  const history = indexBreaks(pipes, breaks);
  const ctx = fitFeatureContext(pipes, 1985);
  const frame = buildFrame(pipes, history, ctx, { cutoffYear: 2010 });

  it('drops breaks dated before the pipe was laid (a predecessor pipe) and counts them', () => {
    expect(history.predecessorBreaks).toBe(1);
    expect(history.linkedBreaks).toBe(4);
    expect(Array.from(columnOf(frame, 'previousBreaks') as Float64Array)).toEqual([2, 0, 0]);
  });

  it('computes age, years since the last break and the never-broken flag at the cutoff', () => {
    expect(Array.from(columnOf(frame, 'ageYears') as Float64Array)).toEqual([60, 10, 2010 - 1975]);
    const since = columnOf(frame, 'yearsSinceLastBreak') as Float64Array;
    expect(since[0]).toBeCloseTo(1.8, 9);
    expect(since[1]).toBe(10); // never broken: break-free since install
    expect(Array.from(columnOf(frame, 'neverBroken') as Float64Array)).toEqual([0, 1, 1]);
    expect(Array.from(columnOf(frame, 'recentBreaks5y') as Float64Array)).toEqual([1, 0, 0]);
  });

  it('imputes a missing install year and diameter with the median and flags them', () => {
    expect(ctx.medianInstallYear).toBe(1975);
    expect((columnOf(frame, 'installYear') as Float64Array)[2]).toBe(1975);
    expect(Array.from(columnOf(frame, 'installYearMissing') as Float64Array)).toEqual([0, 0, 1]);
    expect(Array.from(columnOf(frame, 'diameterMissing') as Float64Array)).toEqual([0, 0, 1]);
    expect((columnOf(frame, 'material') as string[])[2]).toBe('');
  });

  it('ages a pipe without inventing history', () => {
    const aged = buildFrame(pipes, history, ctx, { cutoffYear: 2010, agedYears: 100 });
    expect((columnOf(aged, 'ageYears') as Float64Array)[0]).toBe(160);
    expect((columnOf(aged, 'yearsSinceLastBreak') as Float64Array)[0]).toBe(YEARS_SINCE_BREAK_CAP);
    expect(columnOf(aged, 'previousBreaks')).toEqual(columnOf(frame, 'previousBreaks'));
  });

  it('never changes a feature because of a break at or after the cutoff (no leakage)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 2 }), fc.double({ min: 1980, max: 2030, noNaN: true })), {
          maxLength: 12,
        }),
        fc.double({ min: 1990, max: 2020, noNaN: true }),
        fc.double({ min: 0, max: 15, noNaN: true }),
        fc.integer({ min: 0, max: 2 }),
        (past, cutoff, after, who) => {
          const base = past.map(([i, y]) => at(pipes[i]!.id, y));
          const withFuture = [...base, at(pipes[who]!.id, cutoff + after)];
          const a = buildFrame(pipes, indexBreaks(pipes, base), ctx, { cutoffYear: cutoff });
          const b = buildFrame(pipes, indexBreaks(pipes, withFuture), ctx, { cutoffYear: cutoff });
          expect(b.columns).toEqual(a.columns);
        },
      ),
      { numRuns: 200 },
    );
  });
});

// Issue 38: the model card names every feature the engine trains on; the web reads the list from the domain.
describe('the features the domain names', () => {
  it("are the engine's, with the same prefix for the columns a utility chose", () => {
    expect(BASE_FEATURES.map((f) => f.name)).toEqual([...LOF_BASE_FEATURES]);
    expect(ATTRIBUTE_PREFIX).toBe(LOF_ATTRIBUTE_PREFIX);
  });
});
