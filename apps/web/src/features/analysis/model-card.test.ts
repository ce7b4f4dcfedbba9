import { describe, expect, it } from 'vitest';
import type { ModelCardBody } from './api/get-model-card.ts';
import {
  backtestFromEarlierVersion,
  backtestViews,
  imputationRows,
  lofFacts,
  topFeatures,
  verdictOf,
} from './model-card.ts';

const est = (value: number, low: number, high: number) => ({ value, low, high });
const peer = (p1: number, recall: number, auc: number, breaksRecall = recall + 0.01) => ({
  precisionAt1Pct: est(p1, p1 - 0.05, p1 + 0.05),
  mainsRecallAt10PctLength: est(recall, recall - 0.04, recall + 0.04),
  breaksRecallAt10PctLength: est(breaksRecall, breaksRecall - 0.04, breaksRecall + 0.04),
  auc: est(auc, auc - 0.02, auc + 0.02),
});

const peerWindow = (horizonYears: number) => ({
  protocol: 'peer',
  cutoffYear: 2022,
  horizonYears,
  cutoff: '2022-01-01',
  heldOutTo: `${2022 + horizonYears}-01-01`,
  trainingFrom: '2001-03-04',
  mains: 2900,
  breakingMains: 35,
  breaks: 38,
  lengthKm: 120,
  rankings: {
    model: peer(0.2, 0.4, 0.78),
    age: peer(0.1, 0.45, 0.64),
    previousBreaks: peer(0.15, 0.2, 0.7),
  },
  modelMinusPreviousBreaks: {
    precisionAt1Pct: est(0.05, -0.02, 0.11),
    mainsRecallAt10PctLength: est(0.2, 0.12, 0.28),
    breaksRecallAt10PctLength: est(-0.1, -0.2, -0.01),
    auc: est(-0.03, -0.05, -0.01),
  },
  training: { rows: 50_000, breaks: 700, trees: 120, cutoffYears: [2015, 2016] },
  featureImportance: [{ feature: 'ageYears', gainShare: 0.5 }],
  calibration: {
    predictedBreaks: 41.8,
    predictedBreakingMains: 37.5,
    breaksRatio: est(1.1, 0.85, 1.42),
    breakingMainsRatio: est(1.07, 0.82, 1.4),
  },
});

const lofCard = {
  method: 'GBT',
  trainedThrough: '2025-12-31',
  projectLof: 99.9,
  data: { pipes: 3000, linkedBreaks: 800 },
  featureImportance: [
    { feature: 'material', gainShare: 0.2 },
    { feature: 'ageYears', gainShare: 0.5 },
    { feature: 'previousBreaks', gainShare: 0.3 },
  ],
  backtests: [peerWindow(1), peerWindow(3)],
};

const cardWith = (lof: Record<string, unknown>) =>
  ({
    analysisId: 7,
    finishedAt: '2026-11-22T08:00:00.000Z',
    timings: { lof: 12.5 },
    visSummary: null,
    cofSummary: null,
    imputeSummary: { imputed: { installYear: 12, materialTypeCode: 3 }, overridden: { diameterMm: 1 } },
    lofCard: lof,
  }) as unknown as ModelCardBody;

const card = cardWith(lofCard);

// A card stored before the peer protocol: model and boosted baselines per window, held-out counts.
const oldMetrics = { precisionAt1Pct: 0.2, precisionAt5Pct: 0.1, recallTop10PctLength: 0.4, auc: 0.9 };
const oldCard = cardWith({
  ...lofCard,
  backtests: [
    {
      horizonYears: 1,
      cutoff: '2024-12-31',
      heldOutTo: '2025-12-31',
      heldOut: { pipes: 2900, breaks: 38, pipesWithBreak: 35, lengthKm: 120 },
      model: oldMetrics,
      baselines: { ageOnly: oldMetrics, previousBreaksOnly: oldMetrics },
    },
  ],
});

describe('model card view', () => {
  it('lays out each measure for the model and both raw rankings, with intervals, marking the best', () => {
    const views = backtestViews(card);
    expect(views.map((v) => v.horizonYears)).toEqual([1, 3]);
    const [view] = views;
    expect(view).toMatchObject({
      horizonYears: 1,
      cutoffYear: 2022,
      cutoff: '2022-01-01',
      heldOutTo: '2023-01-01',
      mains: 2900,
      breakingMains: 35,
      heldOutBreaks: 38,
      lengthKm: 120,
    });
    expect(view!.rows.map((r) => r.metric)).toEqual([
      'precisionAt1Pct',
      'mainsRecallAt10PctLength',
      'breaksRecallAt10PctLength',
      'auc',
    ]);
    const p1 = view!.rows.find((r) => r.metric === 'precisionAt1Pct')!;
    expect(p1.values.model).toEqual(est(0.2, 0.2 - 0.05, 0.2 + 0.05));
    expect(p1.best).toBe('model');
    const recall = view!.rows.find((r) => r.metric === 'mainsRecallAt10PctLength')!;
    expect(recall.values.age?.value).toBe(0.45);
    expect(recall.best).toBe('age');
    const breaksRecall = view!.rows.find((r) => r.metric === 'breaksRecallAt10PctLength')!;
    expect(breaksRecall.values.model?.value).toBeCloseTo(0.41, 12);
    expect(breaksRecall.best).toBe('age');
    expect(view!.rows.find((r) => r.metric === 'auc')!.best).toBe('model');
  });

  it('gives the paired difference against previous breaks and where its interval lies', () => {
    const [view] = backtestViews(card);
    expect(view!.modelMinusPreviousBreaks).toEqual([
      { metric: 'precisionAt1Pct', difference: est(0.05, -0.02, 0.11), verdict: 'straddles' },
      { metric: 'mainsRecallAt10PctLength', difference: est(0.2, 0.12, 0.28), verdict: 'above' },
      { metric: 'breaksRecallAt10PctLength', difference: est(-0.1, -0.2, -0.01), verdict: 'below' },
      { metric: 'auc', difference: est(-0.03, -0.05, -0.01), verdict: 'below' },
    ]);
    // An interval touching 0 is no clear win.
    expect(verdictOf(est(0.02, 0, 0.04))).toBe('straddles');
    expect(verdictOf(null)).toBeNull();
  });

  it('leaves a missing figure empty instead of guessing, and the best among the rest', () => {
    const partial = peerWindow(1);
    const rankings = { ...partial.rankings, model: { auc: est(0.5, 0.4, 0.6) } };
    const [view] = backtestViews(cardWith({ backtests: [{ ...partial, rankings }] }));
    const p1 = view!.rows.find((r) => r.metric === 'precisionAt1Pct')!;
    expect(p1.values.model).toBeNull();
    expect(p1.best).toBe('previousBreaks');
  });

  it("reads a card stored before the two recalls were named apart: its recall is the breaking mains' (issue 38)", () => {
    const stored = (e: ReturnType<typeof peer>) => ({
      precisionAt1Pct: e.precisionAt1Pct,
      recallAt10PctLength: e.mainsRecallAt10PctLength,
      auc: e.auc,
    });
    const w = peerWindow(3);
    const before = {
      ...w,
      rankings: {
        model: stored(w.rankings.model),
        age: stored(w.rankings.age),
        previousBreaks: stored(w.rankings.previousBreaks),
      },
      modelMinusPreviousBreaks: {
        precisionAt1Pct: w.modelMinusPreviousBreaks.precisionAt1Pct,
        recallAt10PctLength: w.modelMinusPreviousBreaks.mainsRecallAt10PctLength,
        auc: w.modelMinusPreviousBreaks.auc,
      },
    };
    const [view] = backtestViews(cardWith({ backtests: [before] }));
    const mains = view!.rows.find((r) => r.metric === 'mainsRecallAt10PctLength')!;
    expect(mains.values.age?.value).toBe(0.45);
    const breaks = view!.rows.find((r) => r.metric === 'breaksRecallAt10PctLength')!;
    expect(breaks.values).toEqual({ model: null, age: null, previousBreaks: null });
    expect(breaks.best).toBeNull();
    expect(view!.modelMinusPreviousBreaks[1]).toEqual({
      metric: 'mainsRecallAt10PctLength',
      difference: est(0.2, 0.12, 0.28),
      verdict: 'above',
    });
    expect(view!.modelMinusPreviousBreaks[2]!.difference).toBeNull();
  });

  it('lays out nothing from a card of an earlier version, and says so', () => {
    expect(backtestViews(oldCard)).toEqual([]);
    expect(backtestFromEarlierVersion(oldCard)).toBe(true);
    expect(backtestFromEarlierVersion(card)).toBe(false);
    expect(backtestFromEarlierVersion(null)).toBe(false);
  });

  it('is empty, not broken, without a card', () => {
    expect(backtestViews(null)).toEqual([]);
    expect(topFeatures(undefined)).toEqual([]);
    expect(lofFacts(null).method).toBeNull();
  });

  it('flags a collapsed model, year-only dates and a widened validation (issue 40), and nothing on an older card', () => {
    const lofCard = {
      datePrecision: 'year',
      scoreTies: { scoredPipes: 1000, largestTieShare: 0.45, collapsed: true },
      training: { trees: 57, validation: { rule: 'widened', years: 2 } },
    };
    const facts = lofFacts({ lofCard } as unknown as ModelCardBody);
    expect(facts.scoreCollapsePct).toBeCloseTo(45);
    expect(facts.datePrecision).toBe('year');
    expect(facts.validation).toEqual({ rule: 'widened', years: 2, trees: 57 });
    const fine = lofFacts({
      lofCard: { ...lofCard, datePrecision: 'day', scoreTies: { largestTieShare: 0.03, collapsed: false } },
    } as unknown as ModelCardBody);
    expect(fine.scoreCollapsePct).toBeNull();
    expect(fine.datePrecision).toBeNull();
    const older = lofFacts({ lofCard: { method: 'm' } } as unknown as ModelCardBody);
    expect([older.scoreCollapsePct, older.datePrecision, older.validation]).toEqual([null, null, null]);
  });

  it('states what the break record allowed: the short rule, the standard one, nothing on an older card (issue 40)', () => {
    const training = (rule: string, maxDepth: number) => ({
      trees: 58,
      cutoffYears: [2023, 2022, 2021, 2020],
      recordRule: {
        rule,
        recordYears: 6.7,
        fromYear: 2017.3,
        toYear: 2024.0,
        maxDepth,
        minRowsLeaf: 200,
        minHistoryYears: 1,
      },
    });
    const short = lofFacts({
      lofCard: { training: training('short-record', 3) },
    } as unknown as ModelCardBody);
    // An end on 1 January closes the year before: the record spans 2017–2023.
    expect(short.record).toEqual({
      rule: 'short-record',
      years: 6.7,
      from: 2017,
      to: 2023,
      windows: 4,
      trees: 58,
      depth: 3,
      minRowsLeaf: 200,
      minHistoryYears: 1,
    });
    const standard = lofFacts({ lofCard: { training: training('standard', 4) } } as unknown as ModelCardBody);
    expect(standard.record).toMatchObject({ rule: 'standard', depth: 4 });
    expect(lofFacts({ lofCard: { training: { trees: 5 } } } as unknown as ModelCardBody).record).toBeNull();
  });

  it("gives each window the model's predicted ÷ observed breaks, and the recalibration applied (issue 40)", () => {
    const [view] = backtestViews(card);
    expect(view!.calibration).toEqual({ predictedBreaks: 41.8, breaksRatio: est(1.1, 0.85, 1.42) });
    // A card stored before it, or a window without breaks: no line.
    const { calibration: _, ...older } = peerWindow(1);
    expect(backtestViews(cardWith({ ...lofCard, backtests: [older] }))[0]!.calibration).toBeNull();
    const empty = { ...peerWindow(1), calibration: { predictedBreaks: 3, breaksRatio: null } };
    expect(backtestViews(cardWith({ ...lofCard, backtests: [empty] }))[0]!.calibration).toBeNull();
    expect(lofFacts(cardWith({ training: { recalibration: { factor: 0.87 } } })).recalibrationFactor).toBe(
      0.87,
    );
    expect(lofFacts(cardWith({ training: { recalibration: { factor: 1 } } })).recalibrationFactor).toBeNull();
    expect(lofFacts(card).recalibrationFactor).toBeNull();
  });

  it('orders features by gain and counts imputed values per attribute', () => {
    expect(topFeatures(card, 2).map((f) => f.feature)).toEqual(['ageYears', 'previousBreaks']);
    expect(imputationRows(card)).toEqual([
      { attribute: 'installYear', imputed: 12, overridden: 0, known: null, unknown: 0, minKnownShare: null },
      {
        attribute: 'materialTypeCode',
        imputed: 3,
        overridden: 0,
        known: null,
        unknown: 0,
        minKnownShare: null,
      },
      { attribute: 'diameterMm', imputed: 0, overridden: 1, known: null, unknown: 0, minKnownShare: null },
    ]);
  });
});
