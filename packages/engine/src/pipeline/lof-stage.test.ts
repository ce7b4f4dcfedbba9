// A utility without (enough) break history: the LOF stage says why there is no model instead of failing the
// whole analysis and scores the pipes by the prior (lof/prior.ts), and a record too short to hold a year out is
// trained without the backtest.
import { COLUMN_DRIVER_BASE, LOF_RANK_OUT_OF_RANGE } from '@pipewise/domain';
import { describe, expect, it } from 'vitest';
import { cofFigures } from './cof-inputs.ts';
import { cofStage } from './cof-stage.ts';
import { lofStage } from './lof-stage.ts';
import { preprocessDataset } from './preprocess.ts';
import { FAST_LOF, smallTown, townDataset } from './testing.ts';

const city = smallTown(400, 11);
const base = townDataset(city);
const YEAR_MS = 365.25 * 24 * 3600 * 1000;

describe('LOF stage on a thin break record', () => {
  it('without any break: no model, the reason given, every pipe scored by the prior (card.prior), and COF and BRE computed', async () => {
    const inputs = { ...base, breaks: [], asOfMs: Date.UTC(2024, 0, 1) };
    const pre = preprocessDataset(inputs);
    const lof = lofStage(inputs, pre);
    expect(lof.card).toBeNull();
    expect(lof.unavailable).toMatch(/no break record/);
    expect(lof.prior?.card).toMatchObject({
      prior: true,
      method: expect.stringMatching(/^Prior: published North American break rates .*Folkman 2018/),
      noModelReason: lof.unavailable,
      backtests: [],
      scoredAsOf: '2024-01-01',
    });
    expect(lof.prior?.scoring).toMatchObject({
      prior: true,
      rul: { ageing: { exponentByMaterial: {}, pooledExponent: 1, minAgeYears: 10 } },
    });
    expect(lof.prior!.scoring.asOfYear).toBeCloseTo(2024, 2);
    // Every main in service and laid by then is scored; the abandoned ones are not. A main of install year 2024 is in
    // the year that starts then, and scored (issue 40: 1 January 2024 is exactly 2024.0, no longer half a day off).
    const installYear = new Map(pre.pipes.map((p) => [p.pipeId, p.installYear.value]));
    const scorable = new Set(
      inputs.pipes
        .filter((p) => !p.abandoned && p.lengthM > 0 && (installYear.get(p.id) ?? 0) <= 2024)
        .map((p) => p.id),
    );
    expect(scorable.size).toBeGreaterThan(300);
    for (const p of lof.pipes) {
      if (scorable.has(p.pipeId)) {
        expect(p.lof!['12']).toBeGreaterThan(0);
        expect(p.rank['12']).toBeLessThanOrEqual(100);
        expect(p.rul).not.toBeNull();
      } else expect(p.rank['12']).toBe(LOF_RANK_OUT_OF_RANGE);
    }
    expect(lof.segments.some((s) => (s.lof['12'] ?? 0) > 0)).toBe(true);
    const cof = await cofStage(inputs, cofFigures(pre.pipes, lof.pipes));
    expect(cof.pipes.filter((p) => p.cofTotal > 0).length).toBeGreaterThan(300);
    expect(cof.pipes.filter((p) => p.bre !== null).length).toBeGreaterThan(300);
  });

  it('with break history: the trained model, no prior', () => {
    const inputs = { ...base, lofOptions: { ...FAST_LOF, backtestHorizonsYears: [] } };
    const lof = lofStage(inputs, preprocessDataset(inputs));
    expect(lof.card).not.toBeNull();
    expect(lof.prior ?? null).toBeNull();
    expect(lof.scoring?.model).toBeDefined();
    expect((lof.scoring as { prior?: boolean }).prior).toBeUndefined();
  });

  it('as the record shortens: backtested, then no model with the reason; a skipped backtest is noted', () => {
    const last = Math.max(...base.breaks.map((b) => b.dateMs));
    const pre = preprocessDataset(base);
    const outcome = (years: number) => {
      const inputs = {
        ...base,
        breaks: base.breaks.filter((b) => b.dateMs > last - years * YEAR_MS),
        lofOptions: { ...FAST_LOF, backtestHorizonsYears: [1, 3] },
      };
      const lof = lofStage(inputs, pre);
      if (lof.card === null) {
        expect(lof.unavailable).toMatch(/break record/);
        return 'none';
      }
      const horizons = lof.card.backtests.map((b) => b.horizonYears);
      if (!horizons.includes(3)) expect(lof.notes?.join(' ')).toMatch(/No 3-year backtest/);
      return horizons.length === 2 ? 'both' : horizons.length === 1 ? 'one' : 'trained';
    };
    const seen = [10, 3.5, 2.5, 1.5, 0.5].map(outcome);
    expect(seen[0]).toBe('both');
    expect(seen).toContain('one');
    expect(seen.at(-1)).toBe('none');
    const order = ['both', 'one', 'trained', 'none'];
    seen.forEach(
      (s, i) => i > 0 && expect(order.indexOf(s)).toBeGreaterThanOrEqual(order.indexOf(seen[i - 1]!)),
    );
  });
});

describe('LOF stage: risk factors chosen at import (issue 14)', () => {
  const pre = preprocessDataset(base);

  it('uses only the chosen free columns, names them on the card, and reports their drivers by code ≥ 100', () => {
    // A flag a utility sets on mains that broke (like Kitchener's shallow-main column): chosen, the trees use it.
    const broke = new Set(base.breaks.map((b) => b.pipeId));
    const flagged = {
      ...base,
      pipes: base.pipes.map((p) => ({
        ...p,
        attrs: { ...p.attrs, problem_main: broke.has(p.id) ? 'Y' : 'N' },
      })),
    };
    const lof = lofStage(
      { ...flagged, lofFeatureColumns: ['problem_main', 'pipe_class', 'no_such_column'] },
      pre,
    );
    expect(lof.card!.columnDrivers).toEqual([
      { code: COLUMN_DRIVER_BASE, column: 'problem_main' },
      { code: COLUMN_DRIVER_BASE + 1, column: 'pipe_class' },
    ]);
    expect(lof.card!.notes.join(' ')).toMatch(/'no_such_column' was chosen as a risk factor but is not used/);
    const used = new Set(lof.card!.featureImportance.map((f) => f.feature));
    expect(used.has('attr:static_pressure_kpa')).toBe(false);
    const drivers = new Set(lof.pipes.flatMap((p) => p.riskDrivers));
    expect([...drivers].some((c) => c >= COLUMN_DRIVER_BASE)).toBe(true);
    expect([...drivers].every((c) => c < COLUMN_DRIVER_BASE + 2)).toBe(true);
  });

  it('without a choice, no free column is a feature', () => {
    const lof = lofStage({ ...base, lofFeatureColumns: [] }, pre);
    expect(Object.keys(base.pipes[0]!.attrs)).toContain('soil_corrosivity');
    expect(lof.card!.columnDrivers).toEqual([]);
    expect(
      lof.card!.featureImportance.every(
        (f) => !f.feature.startsWith('attr:') || /Zone|roadType/.test(f.feature),
      ),
    ).toBe(true);
    expect(lof.pipes.flatMap((p) => p.riskDrivers).every((c) => c < COLUMN_DRIVER_BASE)).toBe(true);
  });
});
