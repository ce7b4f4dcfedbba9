import { describe, expect, it } from 'vitest';
import { indexBreaks } from '../lof/history.ts';
import { logRates, trainLofModel } from '../lof/model.ts';
import { SYNTHETIC_ATTRIBUTES, syntheticNetwork } from '../lof/testing/synthetic.ts';
import { msOfYear } from '../lof/time.ts';
import { remainingUsefulLife } from './rul.ts';

/** Generous: the shared CI machine can be loaded; speed is measured in bench/, not here. */
const SLOW_TEST_MS = 60_000;

const network = syntheticNetwork({ pipes: 2000, fromYear: 1995, toYear: 2020, seed: 5 });
const history = indexBreaks(network.pipes, network.breaks);
const model = trainLofModel({
  pipes: network.pipes,
  breaks: network.breaks,
  history,
  attributes: SYNTHETIC_ATTRIBUTES,
  endMs: msOfYear(2020),
  seed: 3,
  params: { maxTrees: 100, learningRate: 0.1, minRowsLeaf: 30 },
  panel: { maxCutoffs: 8 },
});

describe('RUL by ageing the pipe in the model', () => {
  const at = (threshold: number) =>
    remainingUsefulLife(model, network.pipes, history, 2020, { thresholdBreaksPerKmYear: threshold });
  const low = at(0.3);
  const high = at(1);

  it(
    'never shortens when the threshold rises (monotone), bounded by 0 and 100',
    () => {
      low.forEach((years, i) => {
        expect(years).not.toBeNull();
        expect(high[i]!).toBeGreaterThanOrEqual(years!);
        expect(years! >= 0 && years! <= 100).toBe(true);
      });
      expect(at(1e-9).every((y) => y === 0)).toBe(true);
      expect(at(1e9).every((y) => y === 100)).toBe(true);
    },
    SLOW_TEST_MS,
  );

  it('gives older pipes of the same kind a shorter life on average', () => {
    const mean = (f: (year: number) => boolean) => {
      const ys = high.filter((_, i) => f(network.pipes[i]!.installYear ?? NaN));
      return ys.reduce<number>((s, y) => s + (y ?? 0), 0) / ys.length;
    };
    expect(mean((y) => y < 1940)).toBeLessThan(mean((y) => y > 1990));
  });

  it(
    'equals the plain definition: the first year whose rate, aged in the model, reaches the threshold',
    () => {
      // Reference: score every pipe as of each year ahead with the model's own prediction path (logRates), no
      // shortcut (RUL skips the years once the aged bins stop changing, and skips a pipe whose best reachable rate is
      // below the threshold). Rates per km over at least 100 m, exposure one unit per pipe-year (β = 0).
      for (const threshold of [0.3, 1, 3]) {
        const years = at(threshold);
        const reference = network.pipes.map(() => 100);
        const open = new Set(network.pipes.keys());
        for (let k = 0; k < 100 && open.size > 0; k++) {
          const rates = logRates(model, network.pipes, history, { cutoffYear: 2020, agedYears: k });
          for (const i of [...open]) {
            const perKm = Math.exp(rates[i]!) / (Math.max(network.pipes[i]!.lengthM, 100) / 1000);
            if (perKm >= threshold) {
              reference[i] = k;
              open.delete(i);
            }
          }
        }
        expect(years).toEqual(reference);
      }
    },
    SLOW_TEST_MS,
  );

  it('is n/a (null) for a pipe without length', () => {
    const pipes = [{ ...network.pipes[0]!, lengthM: 0 }];
    expect(remainingUsefulLife(model, pipes, indexBreaks(pipes, []), 2020)).toEqual([null]);
  });
});
