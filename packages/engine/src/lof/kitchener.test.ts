// Real data: the City of Kitchener mains and breaks (shared/data, SOURCE.md). Skipped, with the reason
// printed, only when the shared data folder is absent (a fresh clone); never in CI.
import { describe, expect, it } from 'vitest';
import { hasSharedData, readSharedText, SHARED_DATA_SKIP_REASON } from '../testing/shared-data.ts';
import { backtestLof } from './backtest.ts';
import { fitFeatureContext } from './features.ts';
import { indexBreaks } from './history.ts';
import { buildPanel, DEFAULT_PANEL_OPTIONS } from './panel.ts';
import { yearOfMs } from './time.ts';
import {
  KITCHENER_ATTRIBUTES,
  KITCHENER_BREAKS,
  KITCHENER_MAINS,
  kitchenerBreaks,
  kitchenerPipes,
  parseCsv,
} from './testing/kitchener.ts';

/** Generous: the shared CI machine can be loaded; speed is measured in bench/, not here. */
const SLOW_TEST_MS = 60_000;

if (!hasSharedData) console.warn(SHARED_DATA_SKIP_REASON);

describe.skipIf(!hasSharedData)('LOF on the Kitchener mains and breaks', () => {
  const pipes = hasSharedData ? kitchenerPipes(readSharedText(KITCHENER_MAINS)) : [];
  const breaks = hasSharedData ? kitchenerBreaks(readSharedText(KITCHENER_BREAKS)) : [];

  it('reads the inventory and links breaks, excluding the 326 predecessor-pipe breaks', () => {
    expect(pipes).toHaveLength(15931);
    expect(pipes.filter((p) => p.installYear === null)).toHaveLength(36);
    const history = indexBreaks(pipes, breaks);
    expect(history.predecessorBreaks).toBe(326);
    expect(history.linkedBreaks + history.predecessorBreaks).toBeGreaterThan(2300);
  });

  // Issue 40: with only the year of each break kept (stored on 1 January), 365.25-day windows left two or three of
  // the ten panel years empty and doubled others at most ends. Calendar-year windows give the full record's counts.
  it('gives year-only break dates the same yearly panel as the full dates, with no empty year', () => {
    const yearOnly = breaks.map((b) => ({
      ...b,
      dateMs: Date.UTC(new Date(b.dateMs).getUTCFullYear(), 0, 1),
      datePrecision: 'year' as const,
    }));
    const full = indexBreaks(pipes, breaks);
    const year = indexBreaks(pipes, yearOnly);
    const ctx = fitFeatureContext(pipes, full.firstBreakYear, KITCHENER_ATTRIBUTES);
    for (const end of [2017, 2019, 2021, 2022, 2023, 2024]) {
      const endYear = yearOfMs(Date.UTC(end, 0, 1));
      const a = buildPanel(pipes, full, ctx, endYear, DEFAULT_PANEL_OPTIONS);
      const b = buildPanel(pipes, year, ctx, endYear, DEFAULT_PANEL_OPTIONS);
      expect(b.breaksByCutoff).toEqual(a.breaksByCutoff);
      expect(Array.from(b.y)).toEqual(Array.from(a.y));
      expect(Math.min(...b.breaksByCutoff)).toBeGreaterThan(30);
    }
  });

  it('parses quoted CSV fields with commas and doubled quotes', () => {
    expect(parseCsv('a,b\r\n"x, ""y""",2\r\n')).toEqual([
      ['a', 'b'],
      ['x, "y"', '2'],
    ]);
  });

  it(
    'beats chance and the previous-breaks ranking on a three-year backtest of a slice',
    () => {
      const slice = pipes.filter((p) => p.attributes?.['pressureZone'] !== 'KIT 4');
      const [three] = backtestLof({
        pipes: slice,
        breaks,
        attributes: KITCHENER_ATTRIBUTES,
        seed: 1,
        horizonsYears: [3],
        params: { maxTrees: 60, learningRate: 0.15 },
        panel: { maxCutoffs: 8 },
      });
      expect(three!.breakingMains).toBeGreaterThan(20);
      expect(three!.rankings.model.auc.value).toBeGreaterThan(0.7);
      expect(three!.rankings.model.auc.value).toBeGreaterThan(
        three!.rankings.previousBreaks.auc.value - 0.02,
      );
    },
    SLOW_TEST_MS,
  );
});
