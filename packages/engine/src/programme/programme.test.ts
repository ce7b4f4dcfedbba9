import { describe, expect, it } from 'vitest';
import { planProjects } from '../planner/plan.ts';
import { ageingFactor } from './deterioration.ts';
import { holdFlatBudget } from './hold-flat.ts';
import { newPipeRates, publishedRatePerKm, MIN_OWN_KM } from './new-pipe-rates.ts';
import { countInterval95, countQuantile, yearlyDispersion } from './poisson-interval.ts';
import { runProgramme } from './programme.ts';
import { runScenario } from './simulate.ts';
import { networkCost, randomTown } from './testing.ts';
import { PROGRAMME_STRATEGIES, type ProgrammeStrategy } from './types.ts';
import { MATERIAL } from '@pipewise/domain';
import { mulberry32 } from '../random/mulberry32.ts';
import { programmeNetwork, type ServedPipe } from './network.ts';

const flat = (budget: number, years: number) => new Array<number>(years).fill(budget);
const run = (seed: number, strategy: ProgrammeStrategy, budgets: number[]) =>
  runScenario(
    randomTown(seed),
    { budgets, strategy, criterion: 'bre' },
    { exactFirstYear: true, mipRelGap: 0 },
  );

describe('deterioration', () => {
  it('ages a pipe by its power law, flat below the floor and for an unknown age', () => {
    const pipe = randomTown(1).pipes[0]!;
    const old = { ...pipe, ageYears: 40, ageingExponent: 1.5 };
    expect(ageingFactor(old, 10, 10)).toBeCloseTo((50 / 40) ** 1.5, 12);
    expect(ageingFactor({ ...old, ageYears: 2 }, 5, 10)).toBe(1);
    expect(ageingFactor({ ...old, ageYears: 2 }, 18, 10)).toBeCloseTo(2 ** 1.5, 12);
    expect(ageingFactor({ ...old, ageYears: null }, 30, 10)).toBe(1);
  });
});

describe('a zero budget', () => {
  it.each(PROGRAMME_STRATEGIES)(
    '%s: renews nothing, breaks rise every year past the floor',
    async (strategy) => {
      const { years, renewedIn } = await run(3, strategy, flat(0, 20));
      expect(renewedIn.every((y) => y === -1)).toBe(true);
      for (let t = 1; t < years.length; t++) {
        expect(years[t]!.expectedBreaks).toBeGreaterThan(years[t - 1]!.expectedBreaks);
        expect(years[t]!.meanAge).toBeCloseTo(years[t - 1]!.meanAge! + 1, 9);
        expect(years[t]!.sharePastRul).toBeGreaterThanOrEqual(years[t - 1]!.sharePastRul!);
      }
      expect(years[0]!.expectedBreaks).toBeCloseTo(
        randomTown(3).pipes.reduce((s, p) => s + p.expectedBreaks, 0),
        12,
      );
    },
  );
});

describe('an unbounded budget', () => {
  it.each(PROGRAMME_STRATEGIES)(
    '%s: renews every costed main in year 1, breaks drop to the new-pipe rate',
    async (strategy) => {
      const net = randomTown(4, { uncostedShare: 0 });
      const { years, renewedIn } = await runScenario(
        net,
        { budgets: flat(2 * networkCost(net), 5), strategy, criterion: 'bre' },
        { exactFirstYear: true },
      );
      // The risk strategy renews whole projects within the length bounds: a main that fits no project stays.
      const renewed = net.pipes.filter((_, i) => renewedIn[i] === 0);
      if (strategy !== 'risk') expect(renewed).toHaveLength(net.pipes.length);
      expect(renewed.length).toBeGreaterThan(0.9 * net.pipes.length);
      const newRate = net.pipes.reduce(
        (s, p, i) => s + (renewedIn[i] === 0 ? (0.015 * p.lengthM) / 1000 : p.expectedBreaks),
        0,
      );
      expect(years[0]!.expectedBreaks).toBeCloseTo(newRate, 9);
      expect(years[0]!.spend).toBeCloseTo(
        renewed.reduce((s, p) => s + p.cost!, 0),
        6,
      );
      expect(years[0]!.sharePastRul).toBeLessThanOrEqual(0.1);
    },
  );
});

describe('more budget', () => {
  it.each(PROGRAMME_STRATEGIES)(
    '%s: never gives more breaks in the final year (random budgets)',
    async (strategy) => {
      const net = randomTown(7, { rows: 7, cols: 7 });
      const total = networkCost(net);
      const random = mulberry32(20261207);
      for (let trial = 0; trial < 12; trial++) {
        const [a, b] = [random(), random()].map((r) => (r * r * total) / 10).sort((x, y) => x - y);
        const finalBreaks = async (budget: number) =>
          (
            await runScenario(
              net,
              { budgets: flat(budget, 10), strategy, criterion: 'bre' },
              { exactFirstYear: false },
            )
          ).years.at(-1)!.expectedBreaks;
        expect(await finalBreaks(b!)).toBeLessThanOrEqual((await finalBreaks(a!)) * (1 + 1e-9));
      }
    },
  );

  it('never renews a pipe twice and never spends more than it has', async () => {
    const net = randomTown(8);
    const budgets = [1e5, 3e5, 0, 8e5, 2e5, 1e6, 5e5, 4e5];
    for (const strategy of PROGRAMME_STRATEGIES) {
      const { years } = await runScenario(
        net,
        { budgets, strategy, criterion: 'bre' },
        { exactFirstYear: true },
      );
      let cumulativeBudget = 0;
      let cumulativeSpend = 0;
      years.forEach((y, t) => {
        cumulativeBudget += budgets[t]!;
        cumulativeSpend += y.spend;
        expect(cumulativeSpend).toBeLessThanOrEqual(cumulativeBudget + 1e-6);
        expect(y.carriedIn).toBeCloseTo(cumulativeBudget - budgets[t]! - (cumulativeSpend - y.spend), 6);
      });
    }
  });
});

describe('the risk strategy', () => {
  it('plans year 1 as the single-year auto planner does for the same budget', async () => {
    const net = randomTown(11);
    const budget = networkCost(net) / 12;
    const programme = await runScenario(
      net,
      { budgets: flat(budget, 3), strategy: 'risk', criterion: 'bre' },
      { exactFirstYear: true, mipRelGap: 0 },
    );
    const single = await planProjects({
      pipes: net.pipes.map((p, i) => ({
        id: i,
        lengthM: p.lengthM,
        cost: p.cost,
        risk: (1 - Math.exp(-p.expectedBreaks)) * p.cof,
        from: p.from,
        to: p.to,
      })),
      budget,
      minLengthM: net.minLengthM,
      maxLengthM: net.maxLengthM,
      mipRelGap: 0,
    });
    const year1 = net.pipes.flatMap((_, i) => (programme.renewedIn[i] === 0 ? [i] : []));
    expect(year1).toEqual(single.proposals.flatMap((p) => p.pipeIds).sort((a, b) => a - b));
    expect(programme.years[0]!.spend).toBeCloseTo(single.totalCost, 6);
    expect(programme.years[0]!.projects).toBe(single.proposals.length);
  });
});

describe("the flat budget that holds breaks at today's level", () => {
  // The ordered strategies renew more with more money by construction, so the bisection's answer is sharp; the risk
  // strategy weighs money at risk, not breaks, and its lumpy projects make breaks move a percent or two either way
  // around the answer on a small town.
  it.each([
    ['oldest', 0.95],
    ['breaks', 0.95],
    ['risk', 0.8],
  ] as const)('%s: holds them, and %s of it does not', async (strategy, less) => {
    const net = randomTown(5, { rows: 10, cols: 10 });
    const found = await holdFlatBudget(net, { strategy, criterion: 'bre' }, 15, networkCost(net) / 30);
    expect(found.budget).toBeGreaterThan(0);
    expect(found.iterations).toBeLessThanOrEqual(16);
    const worst = async (budget: number) =>
      Math.max(
        ...(
          await runScenario(
            net,
            { budgets: flat(budget, 15), strategy, criterion: 'bre' },
            { exactFirstYear: false },
          )
        ).years.map((y) => y.expectedBreaks),
      );
    expect(await worst(found.budget!)).toBeLessThanOrEqual(found.todaysBreaks * (1 + 1e-12));
    expect(await worst(found.budget! * less)).toBeGreaterThan(found.todaysBreaks);
  });
});

describe('runProgramme', () => {
  it('runs each scenario over the horizon, reports progress to 1 and the hold-flat budget', async () => {
    const net = randomTown(6, { rows: 6, cols: 6 });
    const seen: number[] = [];
    const result = await runProgramme(
      {
        network: net,
        horizonYears: 8,
        strategy: 'oldest',
        criterion: 'bre',
        scenarios: [
          { name: 'low', budgets: flat(networkCost(net) / 100, 8) },
          { name: 'high', budgets: flat(networkCost(net) / 20, 8) },
        ],
      },
      (f) => seen.push(f),
    );
    expect(result.scenarios.map((s) => [s.name, s.years.length])).toEqual([
      ['low', 8],
      ['high', 8],
    ]);
    expect(seen.at(-1)).toBe(1);
    expect(seen.every((f, k) => k === 0 || f >= seen[k - 1]!)).toBe(true);
    expect(result.scenarios[1]!.years.at(-1)!.expectedBreaks).toBeLessThan(
      result.scenarios[0]!.years.at(-1)!.expectedBreaks,
    );
  });

  it('refuses budgets that do not cover the horizon', async () => {
    await expect(
      runProgramme({
        network: randomTown(1),
        horizonYears: 5,
        strategy: 'risk',
        criterion: 'bre',
        scenarios: [{ name: 'short', budgets: [1, 2] }],
      }),
    ).rejects.toThrow(/2 budgets for 5 years/);
  });
});

describe('new-pipe rates', () => {
  it("are the utility's young mains' where it has enough of them, else the published survey's", () => {
    const young = Array.from({ length: 40 }, (_, i) => ({
      material: MATERIAL.PVC,
      lengthM: 500,
      ageYears: i % 20,
      expectedBreaks: 0.01,
    }));
    const [pvc, di] = newPipeRates(young, [MATERIAL.PVC, MATERIAL.DUCTILE_IRON]);
    expect(pvc).toMatchObject({ material: MATERIAL.PVC, source: 'utility', youngKm: 20 });
    expect(pvc!.ratePerKm).toBeCloseTo(0.02, 12);
    expect(di).toMatchObject({ source: 'published', ratePerKm: publishedRatePerKm(MATERIAL.DUCTILE_IRON) });
    expect(publishedRatePerKm(MATERIAL.DUCTILE_IRON)).toBeCloseTo(4.9 / 160.9344, 12);
    const few = young.slice(0, 2 * MIN_OWN_KM - 1);
    expect(newPipeRates(few, [MATERIAL.PVC])[0]!.source).toBe('published');
  });
});

describe("the interval of a year's count", () => {
  /** P(X ≤ k) summed in log space: an independent reference for both families. */
  const exactQuantile = (mean: number, p: number, phi: number) => {
    const r = mean / (phi - 1);
    const logPmf = (k: number) =>
      phi === 1
        ? -mean + k * Math.log(mean) - logFactorial(k)
        : logGamma(k + r) - logGamma(r) - logFactorial(k) - r * Math.log(phi) + k * Math.log(1 - 1 / phi);
    let cumulative = 0;
    for (let k = 0; ; k++) {
      cumulative += Math.exp(logPmf(k));
      if (cumulative >= p) return k;
    }
  };
  const logFactorial = (k: number) => logGamma(k + 1);
  // Lanczos (g = 7): enough digits for a quantile.
  const logGamma = (z: number): number => {
    const c = [
      0.9999999999998099, 676.5203681218851, -1259.1392167224028, 771.3234287776531, -176.6150291621406,
      12.507343278686905, -0.13857109526572012, 9.984369578019572e-6, 1.5056327351493116e-7,
    ];
    if (z < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * z)) - logGamma(1 - z);
    const x = z - 1;
    let a = c[0]!;
    for (let i = 1; i < 9; i++) a += c[i]! / (x + i);
    const t = x + 7.5;
    return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
  };

  it('is the Poisson 2.5 % and 97.5 % quantiles without over-dispersion, exact for large means too', () => {
    expect(countInterval95(0)).toEqual([0, 0]);
    expect(countInterval95(4)).toEqual([1, 8]);
    expect(countInterval95(100)).toEqual([81, 120]);
    for (const p of [0.025, 0.975])
      expect(Math.abs(countQuantile(600, p) - exactQuantile(600, p, 1))).toBeLessThanOrEqual(1);
  });

  it("is a negative binomial's with the utility's over-dispersion, and wider", () => {
    for (const [mean, phi] of [
      [4, 2],
      [80, 5],
      [300, 5.8],
    ] as const)
      for (const p of [0.025, 0.975]) expect(countQuantile(mean, p, phi)).toBe(exactQuantile(mean, p, phi));
    const [low, high] = countInterval95(80, 5);
    const [pLow, pHigh] = countInterval95(80);
    expect(low).toBeLessThan(pLow);
    expect(high).toBeGreaterThan(pHigh);
    // A network's thousands of breaks: no underflow.
    const [bigLow, bigHigh] = countInterval95(3000, 5);
    expect(bigLow).toBeGreaterThan(3000 - 1.96 * Math.sqrt(5 * 3000) - 15);
    expect(bigHigh).toBeLessThan(3000 + 1.96 * Math.sqrt(5 * 3000) + 15);
  });

  it("measures over-dispersion around the counts' trend, at least 1", () => {
    // A steady rise is a trend, not dispersion.
    expect(yearlyDispersion([50, 60, 70, 80, 90, 100])).toBe(1);
    expect(yearlyDispersion([80, 81])).toBe(1);
    // Kitchener-like swings: 98, 56, 68, 80, 75, 59, 73, 91, 42 → χ²/(n − 2) by hand.
    const counts = [98, 56, 68, 80, 75, 59, 73, 91, 42];
    const n = counts.length;
    const xs = counts.map((_, i) => i - (n - 1) / 2);
    const mean = counts.reduce((a, b) => a + b) / n;
    const slope = xs.reduce((s, x, i) => s + x * counts[i]!, 0) / xs.reduce((s, x) => s + x * x, 0);
    const chi2 = counts.reduce(
      (s, c, i) => s + (c - (mean + slope * xs[i]!)) ** 2 / (mean + slope * xs[i]!),
      0,
    );
    expect(yearlyDispersion(counts)).toBeCloseTo(chi2 / (n - 2), 9);
    expect(yearlyDispersion(counts)).toBeGreaterThan(3);
  });
});

describe('the network from the served analysis', () => {
  const served = (over: Partial<ServedPipe> = {}): ServedPipe => ({
    id: 1,
    lengthM: 1000,
    installYear: 1960,
    material: MATERIAL.CAST_IRON,
    diameterMm: 150,
    expectedBreaks: 0.2,
    cof: 1e5,
    rul: 12,
    breaks: 3,
    booked: false,
    cost: 5e5,
    from: 0,
    to: 1,
    ...over,
  });
  const ageing = {
    exponentByMaterial: { [String(MATERIAL.CAST_IRON)]: 1.5 },
    pooledExponent: 1,
    minAgeYears: 10,
  };
  const options = { asOfYear: 2024, startYear: 2024, ageing, minLengthM: 100, maxLengthM: 900 };

  it('ages each main from the scoring year to the first year by its material law, and its RUL with it', () => {
    const { network } = programmeNetwork([served()], { ...options, startYear: 2027 });
    const [p] = network.pipes;
    expect(p!.ageYears).toBe(67);
    expect(p!.expectedBreaks).toBeCloseTo(0.2 * (67 / 64) ** 1.5, 12);
    expect(p!.rulYears).toBe(9);
    expect(p!.ageingExponent).toBe(1.5);
    expect(
      programmeNetwork([served({ material: MATERIAL.STEEL })], options).network.pipes[0]!.ageingExponent,
    ).toBe(1);
  });

  it('leaves mains in active projects to them, and replaces by diameter', () => {
    const built = programmeNetwork(
      [
        served(),
        served({ id: 2, booked: true }),
        served({ id: 3, cost: null, diameterMm: null }),
        served({ id: 4, diameterMm: 400 }),
      ],
      options,
    );
    expect(built.network.pipes.map((p) => p.cost)).toEqual([5e5, null, null, 5e5]);
    expect([built.booked, built.uncosted]).toEqual([1, 1]);
    expect(built.network.pipes[0]!.renewedRatePerKm).toBeCloseTo(publishedRatePerKm(MATERIAL.PVC), 12);
    expect(built.network.pipes[3]!.renewedRatePerKm).toBeCloseTo(
      publishedRatePerKm(MATERIAL.DUCTILE_IRON),
      12,
    );
  });

  it('refuses a first year before the scoring year', () => {
    expect(() => programmeNetwork([served()], { ...options, startYear: 2020 })).toThrow(
      /before the scoring year/,
    );
  });
});
