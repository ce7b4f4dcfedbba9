import { describe, expect, it } from 'vitest';
import type { ModelCardBody } from './api/get-model-card.ts';
import { backtestViews, imputationRows, lofFacts, topFeatures } from './model-card.ts';

const metrics = (p1: number, p5: number, recall: number, auc: number) => ({
  precisionAt1Pct: p1,
  precisionAt5Pct: p5,
  recallTop10PctLength: recall,
  auc,
  expectedBreaks: 40,
  observedBreaks: 38,
});

const card = {
  analysisId: 7,
  finishedAt: '2026-11-22T08:00:00.000Z',
  timings: { lof: 12.5 },
  visSummary: null,
  cofSummary: null,
  imputeSummary: { imputed: { installYear: 12, materialTypeCode: 3 }, overridden: { diameterMm: 1 } },
  lofCard: {
    method: 'GBT',
    trainedThrough: '2025-12-31',
    projectLof: 99.9,
    data: { pipes: 3000, linkedBreaks: 800 },
    featureImportance: [
      { feature: 'material', gainShare: 0.2 },
      { feature: 'ageYears', gainShare: 0.5 },
      { feature: 'previousBreaks', gainShare: 0.3 },
    ],
    backtests: [
      {
        horizonYears: 1,
        cutoff: '2024-12-31',
        heldOutTo: '2025-12-31',
        heldOut: { pipes: 2900, breaks: 38, pipesWithBreak: 35, lengthKm: 120 },
        model: metrics(0.2, 0.1, 0.4, 0.9),
        baselines: {
          ageOnly: metrics(0.1, 0.12, 0.3, 0.8),
          previousBreaksOnly: metrics(0.15, 0.05, 0.2, 0.7),
        },
      },
    ],
  },
} as unknown as ModelCardBody;

describe('model card view', () => {
  it('lays out each metric for the model and both baselines, marking the best', () => {
    const [view] = backtestViews(card);
    expect(view).toMatchObject({
      horizonYears: 1,
      heldOutBreaks: 38,
      heldOutPipes: 2900,
      expectedBreaks: 40,
    });
    const p5 = view!.rows.find((r) => r.metric === 'precisionAt5Pct')!;
    expect(p5.values).toEqual({ model: 0.1, ageOnly: 0.12, previousBreaksOnly: 0.05 });
    expect(p5.best).toBe('ageOnly');
    expect(view!.rows.find((r) => r.metric === 'auc')!.best).toBe('model');
  });

  it('is empty, not broken, without a card', () => {
    expect(backtestViews(null)).toEqual([]);
    expect(topFeatures(undefined)).toEqual([]);
    expect(lofFacts(null).method).toBeNull();
  });

  it('orders features by gain and counts imputed values per attribute', () => {
    expect(topFeatures(card, 2).map((f) => f.feature)).toEqual(['ageYears', 'previousBreaks']);
    expect(imputationRows(card)).toEqual([
      { attribute: 'installYear', imputed: 12, overridden: 0 },
      { attribute: 'materialTypeCode', imputed: 3, overridden: 0 },
      { attribute: 'diameterMm', imputed: 0, overridden: 1 },
    ]);
  });
});
