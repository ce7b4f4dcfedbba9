// Issue 40: break dates kept to the year or the month. The yearly windows of the panel are aligned to calendar
// years, so year-only, month-only and full dates of the same breaks give the same panel; an early-stopping year
// without enough breaks widens the validation instead of collapsing the model; a collapsed model is flagged.
import { describe, expect, it } from 'vitest';
import { analyzeLof } from './analysis.ts';
import { fitFeatureContext } from './features.ts';
import { indexBreaks, recordEndYear } from './history.ts';
import { chooseValidation, isThinValidation, trainLofModel } from './model.ts';
import { buildPanel, DEFAULT_PANEL_OPTIONS } from './panel.ts';
import { largestTieShare } from './score.ts';
import { SYNTHETIC_ATTRIBUTES, syntheticNetwork } from './testing/synthetic.ts';
import { addCalendarYears, alignDown, yearOfMs } from './time.ts';
import type { DatePrecision, LofBreak } from './types.ts';

/** Generous: the shared CI machine can be loaded; speed is measured in bench/, not here. */
const SLOW_TEST_MS = 60_000;

const network = syntheticNetwork({ pipes: 1500, fromYear: 2000, toYear: 2024, seed: 11 });
/** The synthetic breaks on their UTC day: the full dates. */
const dayBreaks: LofBreak[] = network.breaks.map((b) => {
  const d = new Date(b.dateMs);
  return { pipeId: b.pipeId, dateMs: Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) };
});
/** The same breaks with only the year, or the year and month, kept (stored at the start of the period). */
const coarsened = (precision: DatePrecision): LofBreak[] =>
  dayBreaks.map((b) => {
    const d = new Date(b.dateMs);
    const dateMs =
      precision === 'year'
        ? Date.UTC(d.getUTCFullYear(), 0, 1)
        : precision === 'month'
          ? Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)
          : b.dateMs;
    return { ...b, dateMs, datePrecision: precision };
  });
const records = {
  day: dayBreaks,
  month: coarsened('month'),
  year: coarsened('year'),
} as const;

function panelAt(breaks: readonly LofBreak[], endCalendarYear: number) {
  const history = indexBreaks(network.pipes, breaks);
  const ctx = fitFeatureContext(network.pipes, yearOfMs(Date.UTC(2000, 0, 1)), SYNTHETIC_ATTRIBUTES);
  return buildPanel(
    network.pipes,
    history,
    ctx,
    yearOfMs(Date.UTC(endCalendarYear, 0, 1)),
    DEFAULT_PANEL_OPTIONS,
  );
}

describe('break dates kept to the year, the month or the day', () => {
  it('steps window edges by calendar years and aligns an end to the precision', () => {
    const jan2021 = yearOfMs(Date.UTC(2021, 0, 1));
    expect(addCalendarYears(jan2021, -1)).toBe(yearOfMs(Date.UTC(2020, 0, 1)));
    expect(addCalendarYears(jan2021, -5)).toBe(yearOfMs(Date.UTC(2016, 0, 1)));
    const may17 = yearOfMs(Date.UTC(2021, 4, 17));
    expect(alignDown(may17, 'year')).toBe(jan2021);
    expect(alignDown(may17, 'month')).toBe(yearOfMs(Date.UTC(2021, 4, 1)));
    expect(alignDown(may17, 'day')).toBe(may17);
  });

  it('records the coarsest precision and scores a year-only record as of the end of its last year', () => {
    const year = indexBreaks(network.pipes, records.year);
    expect(year.precision).toBe('year');
    expect(indexBreaks(network.pipes, records.month).precision).toBe('month');
    expect(indexBreaks(network.pipes, records.day).precision).toBe('day');
    expect(indexBreaks(network.pipes, [...records.day, records.year[0]!]).precision).toBe('year');
    expect(recordEndYear(year)).toBe(yearOfMs(Date.UTC(2024, 0, 1)));
  });

  // 365.25-day windows counted back from 1 January put 1 January of some years on the wrong side of an edge: the
  // panel was clean only when the end fell after a leap year (2020 here), empty and doubled years otherwise.
  it.each([2019, 2020, 2021, 2022, 2023])(
    'gives the same panel, yearly counts per pipe, for an end on 1 January %i',
    (end) => {
      const day = panelAt(records.day, end);
      const expectedCutoffs = Array.from({ length: 10 }, (_, j) => yearOfMs(Date.UTC(end - 1 - j, 0, 1)));
      expect(day.cutoffYears).toEqual(expectedCutoffs);
      const previous = day.frame.specs.findIndex((s) => s.name === 'previousBreaks');
      const recent = day.frame.specs.findIndex((s) => s.name === 'recentBreaks5y');
      for (const precision of ['month', 'year'] as const) {
        const other = panelAt(records[precision], end);
        expect(other.cutoffYears).toEqual(day.cutoffYears);
        expect(other.breaksByCutoff).toEqual(day.breaksByCutoff);
        expect(Array.from(other.y)).toEqual(Array.from(day.y));
        expect(Array.from(other.frame.pipeIndex)).toEqual(Array.from(day.frame.pipeIndex));
        expect(Array.from(other.frame.columns[previous] as Float64Array)).toEqual(
          Array.from(day.frame.columns[previous] as Float64Array),
        );
        expect(Array.from(other.frame.columns[recent] as Float64Array)).toEqual(
          Array.from(day.frame.columns[recent] as Float64Array),
        );
      }
      expect(Math.min(...day.breaksByCutoff)).toBeGreaterThan(0);
    },
  );

  it(
    'trains a year-only record through 1 January of its last year, with no empty year',
    () => {
      const model = trainLofModel({
        pipes: network.pipes,
        breaks: records.year,
        attributes: SYNTHETIC_ATTRIBUTES,
        seed: 1,
        params: { maxTrees: 40 },
      });
      expect(model.endYear).toBe(yearOfMs(Date.UTC(2023, 0, 1)));
      expect(model.training.cutoffYears[0]).toBe(yearOfMs(Date.UTC(2022, 0, 1)));
      expect(model.training.breaksByCutoff).toEqual(panelAt(records.day, 2023).breaksByCutoff);
      expect(Math.min(...model.training.breaksByCutoff)).toBeGreaterThan(0);
      expect(model.training.validation.rule).toBe('last-years');
    },
    SLOW_TEST_MS,
  );
});

describe('an early-stopping year without enough breaks', () => {
  const rows = Array.from({ length: 10 }, () => 10_000);
  it('stops on the latest year when it holds its share of the breaks', () => {
    const { held, validation } = chooseValidation([70, 65, 80, 72, 60, 75, 70, 68, 66, 71], rows, 1);
    expect(held).toBe(1);
    expect(validation).toMatchObject({ rule: 'last-years', years: 1, breaks: 70, thinYears: [] });
  });

  it('widens to the last two years when the latest is empty', () => {
    const { held, validation } = chooseValidation([0, 140, 80, 72, 60, 75, 70, 68, 66, 71], rows, 1);
    expect(held).toBe(2);
    expect(validation).toMatchObject({ rule: 'widened', years: 2, breaks: 140, thinYears: [0] });
  });

  it('trains fixed trees when no recent years have enough breaks', () => {
    expect(chooseValidation([1, 2, 1, 3, 2, 1], rows.slice(0, 6), 1)).toMatchObject({
      held: null,
      validation: { rule: 'fixed-trees', years: 0 },
    });
    expect(chooseValidation([70], rows.slice(0, 1), 1).held).toBeNull();
  });

  it('tells a quiet year from an implausibly empty one', () => {
    expect(isThinValidation(5, 6)).toBe(true);
    expect(isThinValidation(40, 70)).toBe(false);
    expect(isThinValidation(20, 70)).toBe(true);
  });

  it(
    'trains past an empty latest year without collapsing',
    () => {
      // Every break of the latest panel year (2022) removed, as a record whose last year went unrecorded.
      const breaks = records.day.filter((b) => new Date(b.dateMs).getUTCFullYear() !== 2022);
      const model = trainLofModel({
        pipes: network.pipes,
        breaks,
        attributes: SYNTHETIC_ATTRIBUTES,
        endMs: Date.UTC(2023, 0, 1),
        seed: 1,
        params: { maxTrees: 60 },
      });
      expect(model.training.breaksByCutoff[0]).toBe(0);
      expect(model.training.validation).toMatchObject({ rule: 'widened', years: 2, thinYears: [0] });
    },
    SLOW_TEST_MS,
  );
});

describe('a model whose scores collapse', () => {
  it('counts the commonest score', () => {
    expect(largestTieShare([1, 1, 2, null, 3])).toBe(0.5);
    expect(largestTieShare([])).toBe(0);
  });

  it(
    'is flagged on the model card',
    () => {
      const input = {
        pipes: network.pipes,
        breaks: records.year,
        attributes: SYNTHETIC_ATTRIBUTES,
        seed: 1,
        backtestHorizonsYears: [],
      };
      const collapsed = analyzeLof({ ...input, params: { maxTrees: 1 } }).card;
      expect(collapsed.scoreTies.collapsed).toBe(true);
      expect(collapsed.scoreTies.largestTieShare).toBeGreaterThan(0.2);
      expect(collapsed.datePrecision).toBe('year');
      expect(collapsed.scoredAsOf).toBe('2024-01-01');
      const fine = analyzeLof({ ...input, params: { maxTrees: 60 } }).card;
      expect(fine.scoreTies.collapsed).toBe(false);
    },
    SLOW_TEST_MS,
  );
});
