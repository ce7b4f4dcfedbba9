import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../random/mulberry32.ts';
import { averageOverCutoffs, latestPeerCutoff, PEER_MEASURES, peerProtocol } from './peer-protocol.ts';
import type { LofBreak, LofPipe } from './types.ts';

/**
 * 400 mains laid 1940–2019 (every 10th of unknown age), each with a break rate that rises with age and is higher
 * for half of them (say, a bad batch): breaks drawn monthly from 2000 to the middle of 2022.
 */
function town() {
  const random = mulberry32(7);
  const pipes: LofPipe[] = Array.from({ length: 400 }, (_, i) => ({
    id: `P${i}`,
    installYear: i % 10 === 9 ? null : 1940 + (i % 80),
    material: null,
    diameterMm: 150,
    lengthM: 50 + (i % 7) * 40,
  }));
  const breaks: LofBreak[] = [];
  for (const [i, p] of pipes.entries()) {
    const bad = i % 2 === 0 ? 4 : 1;
    for (let month = 0; month < 12 * 22.5; month++) {
      const year = 2000 + month / 12;
      const age = year - (p.installYear ?? 1970);
      if (age < 0) continue;
      if (random() < (0.00004 * bad * age * p.lengthM) / 12)
        breaks.push({ pipeId: p.id, dateMs: Date.UTC(2000, month, 15) });
    }
  }
  return { pipes, breaks };
}

describe('peer protocol', () => {
  const { pipes, breaks } = town();
  const windows = peerProtocol({ pipes, breaks, seed: 3, resamples: 200 });

  it('reports every calendar cutoff the record covers, at each horizon, and no other', () => {
    // The record ends mid-2022: a window must end by then, so 3 years only from 2017, 2018 and 2019.
    expect(windows.map((w) => `${w.cutoffYear}+${w.horizonYears}`)).toEqual([
      '2017+1',
      '2017+3',
      '2018+1',
      '2018+3',
      '2019+1',
      '2019+3',
      '2020+1',
      '2021+1',
    ]);
  });

  it('counts the mains installed before the cutoff and those breaking inside the window', () => {
    const w = windows.find((x) => x.cutoffYear === 2019 && x.horizonYears === 3)!;
    const population = pipes.filter((p) => p.installYear !== null && p.installYear < 2019);
    expect(w.mains).toBe(population.length);
    const ids = new Set(population.map((p) => p.id));
    const from = Date.UTC(2019, 0, 1);
    const to = Date.UTC(2022, 0, 1);
    const breaking = new Set(
      breaks.filter((b) => ids.has(b.pipeId) && b.dateMs >= from && b.dateMs < to).map((b) => b.pipeId),
    );
    expect(w.breakingMains).toBe(breaking.size);
    const inWindow = breaks.filter((b) => ids.has(b.pipeId) && b.dateMs >= from && b.dateMs < to);
    expect(w.breaks).toBe(inWindow.length);
    // Some main breaks more than once here, so the two recalls on the top 10 % of length can part.
    expect(w.breaks).toBeGreaterThan(w.breakingMains);
    expect(w.lengthKm).toBeCloseTo(population.reduce((s, p) => s + p.lengthM, 0) / 1000, 9);
  });

  it('gives each figure a bootstrap interval and pairs the model with the previous-breaks ranking', () => {
    for (const w of windows) {
      for (const r of [w.rankings.model, w.rankings.age, w.rankings.previousBreaks]) {
        for (const m of PEER_MEASURES) {
          const e = r[m];
          expect(e.low).toBeLessThanOrEqual(e.high);
          expect(e.value).toBeGreaterThanOrEqual(0);
          expect(e.value).toBeLessThanOrEqual(1);
        }
      }
      for (const m of PEER_MEASURES)
        expect(w.modelMinusPreviousBreaks[m].value).toBeCloseTo(
          w.rankings.model[m].value - w.rankings.previousBreaks[m].value,
          12,
        );
    }
    // Age drives every main's rate here: the age ranking is better than chance, and so is the model.
    const mean = averageOverCutoffs(windows, 3)!;
    expect(mean.age.auc).toBeGreaterThan(0.55);
    expect(mean.model.auc).toBeGreaterThan(0.55);
    expect(averageOverCutoffs(windows, 5)).toBeNull();
  });

  it('names the two recalls on the top 10 % of length apart, with intervals for both (issue 38)', () => {
    expect(PEER_MEASURES).toEqual([
      'precisionAt1Pct',
      'mainsRecallAt10PctLength',
      'breaksRecallAt10PctLength',
      'auc',
    ]);
    const w = windows.find((x) => x.cutoffYear === 2019 && x.horizonYears === 3)!;
    expect(w.rankings.model).not.toHaveProperty('recallAt10PctLength');
    const differ = windows.some(
      (x) =>
        x.rankings.previousBreaks.mainsRecallAt10PctLength.value !==
        x.rankings.previousBreaks.breaksRecallAt10PctLength.value,
    );
    expect(differ).toBe(true);
  });

  it('finds the latest cutoff the record allows and the horizons it can have', () => {
    // The record ends mid-2022: 2021 is the latest cutoff, at 1 year only; 2019 is the latest with 3 years.
    expect(latestPeerCutoff(pipes, breaks)).toEqual({ cutoffYear: 2021, horizonsYears: [1] });
    expect(latestPeerCutoff(pipes, breaks, [3])).toEqual({ cutoffYear: 2019, horizonsYears: [3] });
    expect(latestPeerCutoff(pipes, [])).toBeNull();
  });

  it('averages over the cutoffs asked only, when asked', () => {
    const mean = averageOverCutoffs(windows, 1, [2017, 2018])!;
    const two = windows.filter((w) => w.horizonYears === 1 && w.cutoffYear <= 2018);
    expect(mean.model.auc).toBeCloseTo(
      (two[0]!.rankings.model.auc.value + two[1]!.rankings.model.auc.value) / 2,
      12,
    );
    expect(averageOverCutoffs(windows, 1, [2030])).toBeNull();
  });
});
