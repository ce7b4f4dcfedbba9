// `npm run eval:backcast`: the renewal programme's backcast on Kitchener (issue 39; ../shared/data, see its SOURCE.md).
// Trained on the breaks before 1 January 2015 exactly as the peer protocol trains at a calendar cutoff (peerCutoff:
// the mains installed before 2015, the LOF panel's yearly cutoffs before it), the mains scored as of 2015 (expected
// breaks over the next 12 months, the served lofAbsolute), RUL's ageing law fitted on the same training
// (analyzeRul), the programme's network built from them (programmeNetwork) and a zero-budget scenario run 2015–2023
// (runScenario). Its expected breaks per calendar year are set against the breaks recorded in that year on the same
// mains, beside two forecasts a utility would make without the model's ageing: (a) flat at the model's 2015 figure,
// (b) the observed mean of 2012–2014 held flat; and, for reference, the LOF trees' own year-by-year ageing (what
// the programme does not use: deterioration.ts).
//
// Zero budget, not the city's spend: the inventory is the 2024 export, every main ACTIVE, with no abandoned or
// replaced flag and no link from a new main to the one it replaced, so the mains renewed since 2015 are simply absent
// and the survivors were (by construction) not renewed, bar relining (LINED_DATE; counted below). The comparison is
// therefore on surviving mains, and the breaks 2015–2023 on mains not in the inventory are counted apart.
// Writes bench/results/backcast-kitchener.json.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { yearOfMs as yearOfMsOf } from '../packages/engine/src/lof/time.ts';
import { calendarYear, coveredHorizons, peerCutoff } from '../packages/engine/src/lof/peer-protocol.ts';
import { countBelow, countBetween, indexBreaks } from '../packages/engine/src/lof/history.ts';
import { expectedBreaksByYear } from '../packages/engine/src/lof/score.ts';
import { analyzeRul } from '../packages/engine/src/rul/rul.ts';
import { programmeNetwork } from '../packages/engine/src/programme/network.ts';
import { runScenario } from '../packages/engine/src/programme/simulate.ts';
import { agedBreaks } from '../packages/engine/src/programme/deterioration.ts';
import { exponentOf } from '../packages/engine/src/rul/ageing.ts';
import { MATERIAL } from '@pipewise/domain';
import { countInterval95 } from '../packages/engine/src/programme/poisson-interval.ts';
import {
  KITCHENER_ATTRIBUTES,
  KITCHENER_BREAKS,
  KITCHENER_MAINS,
  kitchenerBreaks,
  kitchenerPipes,
  parseCsv,
  parseUsDateMs,
} from '../packages/engine/src/lof/testing/kitchener.ts';
import { writeResult } from '../bench/lib.mjs';

const SEED = 20261122;
const CUTOFF_YEAR = 2015;
const LAST_YEAR = 2023;
const YEARS = Array.from({ length: LAST_YEAR - CUTOFF_YEAR + 1 }, (_, k) => CUTOFF_YEAR + k);
/** The naive peer (b): the observed mean of these years held flat. */
const RECENT_YEARS = [2012, 2013, 2014];
/** The peer windows at the cutoff are a by-product of peerCutoff; fewer resamples than the eval's, they are not the point. */
const RESAMPLES = 200;

const dataDir = process.env.PIPEWISE_SHARED_DATA_DIR ?? resolve(import.meta.dirname, '../../shared/data');
if (!existsSync(resolve(dataDir, KITCHENER_MAINS))) {
  console.error(`backcast: ${resolve(dataDir, KITCHENER_MAINS)} not found (set PIPEWISE_SHARED_DATA_DIR)`);
  process.exit(1);
}
const mainsCsv = readFileSync(resolve(dataDir, KITCHENER_MAINS), 'utf8');
const breaksCsv = readFileSync(resolve(dataDir, KITCHENER_BREAKS), 'utf8');
const allPipes = kitchenerPipes(mainsCsv);
const breaks = kitchenerBreaks(breaksCsv);
const started = performance.now();

// ---- What the inventory says about renewals since 2015 ----------------------------------------------------------
const rowsOf = (csv) => {
  const [header, ...rows] = parseCsv(csv);
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
};
const yearOfUs = (s) => {
  const ms = parseUsDateMs(s ?? '');
  return Number.isFinite(ms) ? new Date(ms).getUTCFullYear() : null;
};
const mainRows = rowsOf(mainsCsv);
const statuses = Object.fromEntries(
  [...new Set(mainRows.map((r) => r['STATUS']))].map((s) => [
    s,
    mainRows.filter((r) => r['STATUS'] === s).length,
  ]),
);
const linedSince = mainRows.filter((r) => (yearOfUs(r['LINED_DATE']) ?? 0) >= CUTOFF_YEAR);
/** Mains laid 2015–2023 by who built them: PURCHASED (city capital works, renewals among them) or DONATED (developers). */
const laidSince = YEARS.map((year) => {
  const laid = mainRows.filter((r) => yearOfUs(r['INSTALLATION_DATE']) === year);
  const km = (acq) =>
    laid.filter((r) => r['ACQUISITION'] === acq).reduce((s, r) => s + Number(r['Shape__Length']), 0) / 1000;
  return { year, purchasedKm: round(km('PURCHASED'), 1), donatedKm: round(km('DONATED'), 1) };
});

// ---- Where the breaks of 2015–2023 fall --------------------------------------------------------------------------
const inventory = new Map(allPipes.map((p) => [p.id, p]));
const mainBreakRows = rowsOf(breaksCsv).filter(
  (r) => r['Type of Asset Broken'] === 'MAIN' && r['Current status of the break'] !== 'CANCELLED',
);
const whereBroken = YEARS.map((year) => {
  const inYear = mainBreakRows.filter((r) => yearOfUs(r['Incident date']) === year);
  const tally = {
    year,
    all: inYear.length,
    population: 0,
    laidSince: 0,
    laidSinceBeforeLaying: 0,
    unknownInstall: 0,
    notInInventory: 0,
    noId: 0,
  };
  for (const r of inYear) {
    const id = r['Related Asset ID'];
    const p = id === '' ? undefined : inventory.get(id);
    if (id === '') tally.noId += 1;
    else if (p === undefined) tally.notInInventory += 1;
    else if (p.installYear == null) tally.unknownInstall += 1;
    else if (p.installYear < CUTOFF_YEAR) tally.population += 1;
    else {
      tally.laidSince += 1;
      // Dated before the main it is linked to was laid: a break of the main it replaced, linked to the new one.
      if (yearOfMsOf(parseUsDateMs(r['Incident date'])) < p.installYear) tally.laidSinceBeforeLaying += 1;
    }
  }
  return tally;
});

// ---- Train at the cutoff, score as of 2015, fit the ageing law ---------------------------------------------------
const full = indexBreaks(allPipes, breaks);
// BACKCAST_PANEL='{"recalibrationPriorBreaks": 20}': the same backcast with other panel options (issue 40: the level
// recalibration, off by default, tried here). The results file is written either way: run it without after trying.
const panel = JSON.parse(process.env.BACKCAST_PANEL ?? 'null');
const input = {
  pipes: allPipes,
  breaks,
  attributes: KITCHENER_ATTRIBUTES,
  seed: SEED,
  resamples: RESAMPLES,
  ...(panel ? { panel } : {}),
};
const { model, windows } = peerCutoff(input, full, CUTOFF_YEAR, coveredHorizons(CUTOFF_YEAR, [1, 3], full));
// The same population peerCutoff trained and measured on.
const pipes = allPipes.filter(
  (p) => p.installYear != null && p.installYear < CUTOFF_YEAR && Number.isFinite(p.lengthM) && p.lengthM > 0,
);
const history = indexBreaks(pipes, breaks);
const asOf = calendarYear(CUTOFF_YEAR);
const indices = Uint32Array.from(pipes.keys());
// Cumulative expected breaks over 1..9 years, the trees aging each main a year at a time; year 1 is lofAbsolute[12].
const cumulative = expectedBreaksByYear(model, pipes, history, asOf, indices, YEARS.length);
const twelveMonths = cumulative[0];
const rul = analyzeRul(model, pipes, history, asOf);
const { ageing } = rul.calibration;

// ---- The programme: zero budget, 2015–2023 -----------------------------------------------------------------------
const served = pipes.map((p, i) => ({
  id: i,
  lengthM: p.lengthM,
  installYear: Math.floor(p.installYear),
  material: p.material,
  diameterMm: p.diameterMm,
  expectedBreaks: twelveMonths[i],
  cof: 0,
  rul: rul.years[i],
  breaks: countBelow(history.yearsByPipe[i], asOf),
  booked: false,
  // Zero budget renews nothing, so no cost is needed.
  cost: null,
  from: 2 * i,
  to: 2 * i + 1,
}));
// The ten years before the cutoff on the same mains: the over-dispersion of the programme's interval.
const countIn = (year) =>
  history.yearsByPipe.reduce((s, ys) => s + countBetween(ys, calendarYear(year), calendarYear(year + 1)), 0);
const yearlyBreaks = Array.from({ length: 10 }, (_, k) => countIn(CUTOFF_YEAR - 10 + k));
const { network, newPipeRates } = programmeNetwork(served, {
  asOfYear: CUTOFF_YEAR,
  startYear: CUTOFF_YEAR,
  ageing,
  minLengthM: 0,
  maxLengthM: Infinity,
  yearlyBreaks,
});
const scenario = await runScenario(
  network,
  { budgets: YEARS.map(() => 0), strategy: 'oldest', criterion: 'lof' },
  { exactFirstYear: false },
);
const seconds = (performance.now() - started) / 1000;

// ---- Compare -----------------------------------------------------------------------------------------------------
const observedIn = (year) =>
  history.yearsByPipe.reduce((s, ys) => s + countBetween(ys, calendarYear(year), calendarYear(year + 1)), 0);
const observed = YEARS.map(observedIn);
const recentMean = RECENT_YEARS.reduce((s, y) => s + observedIn(y), 0) / RECENT_YEARS.length;
// The record before the cutoff on the same mains, and how much more its yearly counts vary than a Poisson count
// (variance / mean = 1): what the programme's Poisson interval leaves out (winters, mostly).
const BEFORE = Array.from({ length: 10 }, (_, k) => CUTOFF_YEAR - 10 + k);
const observedBefore = BEFORE.map((year) => ({ year, observed: observedIn(year) }));
/** Variance ÷ mean of yearly counts around their mean (a Poisson count: 1), as reported beside the fitted φ. */
const dispersion = (xs) => {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  return xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (xs.length - 1) / mean;
};
/** The programme's own over-dispersion (around the trend of the ten years before the cutoff). */
const phi = network.dispersion;
const sum = (xs) => xs.reduce((a, b) => a + b, 0);
const forecasts = {
  programme: scenario.years.map((y) => y.expectedBreaks),
  flatModel2015: YEARS.map(() => sum(twelveMonths)),
  flatObserved2012to2014: YEARS.map(() => recentMean),
  lofTreesAged: cumulative.map((c, k) => sum(c) - (k === 0 ? 0 : sum(cumulative[k - 1]))),
};
function round(x, digits = 1) {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
function score(predicted) {
  const rows = YEARS.map((year, k) => {
    // The Poisson interval (the model's own spread) and the programme's, with the record's over-dispersion.
    const [low, high] = countInterval95(predicted[k]);
    const error = predicted[k] - observed[k];
    const [wideLow, wideHigh] = countInterval95(predicted[k], phi);
    return {
      year,
      predicted: round(predicted[k]),
      low,
      high,
      observed: observed[k],
      error: round(error),
      inside: observed[k] >= low && observed[k] <= high,
      overdispersedLow: wideLow,
      overdispersedHigh: wideHigh,
      insideOverdispersed: observed[k] >= wideLow && observed[k] <= wideHigh,
    };
  });
  const errors = rows.map((r, k) => predicted[k] - r.observed);
  const totalPredicted = sum(predicted);
  const totalObserved = sum(observed);
  return {
    years: rows,
    totalPredicted: round(totalPredicted),
    totalObserved,
    totalErrorPct: round((100 * (totalPredicted - totalObserved)) / totalObserved),
    meanAbsoluteError: round(sum(errors.map(Math.abs)) / errors.length),
    meanAbsolutePercentageError: round(
      (100 * sum(errors.map((e, k) => Math.abs(e) / observed[k]))) / errors.length,
    ),
    bias: round(sum(errors) / errors.length),
    yearsInside: rows.filter((r) => r.inside).length,
    yearsInsideOverdispersed: rows.filter((r) => r.insideOverdispersed).length,
  };
}
// By material: where the forecast's total and its rise come from (the law's b per material).
const MATERIAL_NAMES = Object.fromEntries(Object.entries(MATERIAL).map(([name, code]) => [code, name]));
const byMaterial = [...new Set(pipes.map((x) => x.material))]
  .map((material) => {
    const mine = [...pipes.keys()].filter((i) => pipes[i].material === material);
    const aged = (t) => sum(mine.map((i) => agedBreaks(network.pipes[i], t, network.minAgeYears)));
    return {
      material: MATERIAL_NAMES[material] ?? 'unknown',
      km: round(sum(mine.map((i) => pipes[i].lengthM)) / 1000),
      b: round(exponentOf(ageing, material), 2),
      [`predicted ${YEARS[0]}`]: round(aged(0)),
      [`predicted ${LAST_YEAR}`]: round(aged(YEARS.length - 1)),
      'predicted total': round(sum(YEARS.map((_, t) => aged(t)))),
      'observed total': sum(
        mine.map((i) =>
          countBetween(history.yearsByPipe[i], calendarYear(YEARS[0]), calendarYear(LAST_YEAR + 1)),
        ),
      ),
    };
  })
  .sort((a, b) => b['predicted total'] - a['predicted total']);
const scored = Object.fromEntries(Object.entries(forecasts).map(([name, f]) => [name, score(f)]));

// ---- Print -------------------------------------------------------------------------------------------------------
const p = scored.programme;
console.log(
  `Kitchener backcast: trained on breaks before ${CUTOFF_YEAR}-01-01 (${model.training.breaks} breaks, ` +
    `${model.training.cutoffYears.length} yearly cutoffs, ${model.training.trees} trees); ${pipes.length} mains ` +
    `laid before ${CUTOFF_YEAR} (${round(sum(pipes.map((x) => x.lengthM)) / 1000)} km); zero budget ` +
    `${YEARS[0]}–${LAST_YEAR}; ${seconds.toFixed(1)} s`,
);
console.log(
  `ageing law b: pooled ${ageing.pooledExponent.toFixed(2)}; ` +
    Object.entries(ageing.exponentByMaterial)
      .map(([m, b]) => `${m}: ${b.toFixed(2)}`)
      .join(', '),
);
console.table(
  p.years.map((r, k) => ({
    year: r.year,
    'programme (model + ageing law)': r.predicted,
    '95 % interval': `${r.low}–${r.high}`,
    observed: r.observed,
    error: r.error,
    inside: r.inside ? 'yes' : 'no',
    'interval ×φ': `${r.overdispersedLow}–${r.overdispersedHigh}`,
    'flat at model 2015': scored.flatModel2015.years[k].predicted,
    'flat at observed 2012–14': scored.flatObserved2012to2014.years[k].predicted,
    'LOF trees aged': scored.lofTreesAged.years[k].predicted,
  })),
);
console.table(
  Object.entries(scored).map(([name, s]) => ({
    forecast: name,
    'total predicted': s.totalPredicted,
    'total observed': s.totalObserved,
    'total error %': s.totalErrorPct,
    MAE: s.meanAbsoluteError,
    'MAPE %': s.meanAbsolutePercentageError,
    bias: s.bias,
    'years inside 95 %': `${s.yearsInside}/${YEARS.length}`,
    'inside ×φ': `${s.yearsInsideOverdispersed}/${YEARS.length}`,
  })),
);
console.log(
  `Observed on the same mains ${BEFORE[0]}–${BEFORE.at(-1)}: ${observedBefore.map((o) => o.observed).join(', ')}; ` +
    `variance / mean of the yearly counts ${round(dispersion(observedBefore.map((o) => o.observed)), 2)} ` +
    `before, ${round(dispersion(observed), 2)} over ${YEARS[0]}–${LAST_YEAR} (Poisson: 1).`,
);
console.log('Programme forecast and observed breaks by material:');
console.table(byMaterial);
console.log('Breaks 2015–2023 (MAIN, not cancelled) by where they fall:');
console.table(whereBroken);
const outside = sum(whereBroken.map((w) => w.all - w.population));
const allSince = sum(whereBroken.map((w) => w.all));
console.log(
  `${outside} of ${allSince} breaks (${round((100 * outside) / allSince)} %) are not on the backcast's mains: ` +
    `${sum(whereBroken.map((w) => w.notInInventory))} on mains not in the 2024 inventory, ` +
    `${sum(whereBroken.map((w) => w.noId))} without an asset id, ${sum(whereBroken.map((w) => w.laidSince))} on ` +
    `mains laid since ${CUTOFF_YEAR} (${sum(whereBroken.map((w) => w.laidSinceBeforeLaying))} dated before that main ` +
    `was laid: the replaced main's break linked to its replacement), ${sum(whereBroken.map((w) => w.unknownInstall))} on mains of unknown install year.`,
);
console.log(
  `Inventory: STATUS ${JSON.stringify(statuses)}; no abandoned/replaced flag; ${linedSince.length} mains relined ` +
    `since ${CUTOFF_YEAR}; laid since ${CUTOFF_YEAR}: ` +
    `${round(sum(laidSince.map((l) => l.purchasedKm)))} km purchased (city-built), ` +
    `${round(sum(laidSince.map((l) => l.donatedKm)))} km donated (developers).`,
);

writeResult('backcast-kitchener', {
  command: 'npm run eval:backcast',
  seed: SEED,
  seconds,
  cutoff: `${CUTOFF_YEAR}-01-01`,
  years: YEARS,
  budget: 'zero',
  population: {
    mains: pipes.length,
    lengthKm: round(sum(pipes.map((x) => x.lengthM)) / 1000),
    note: 'inventory (2024) mains laid before 2015 with a length: survivors; mains replaced since 2015 are absent',
  },
  panel: model.panel,
  training: model.training,
  ageing,
  newPipeRates,
  peerWindowsAtCutoff: windows.map((w) => ({
    horizonYears: w.horizonYears,
    mains: w.mains,
    breaks: w.breaks,
    auc: w.rankings.model.auc,
    precisionAt1Pct: w.rankings.model.precisionAt1Pct,
  })),
  forecasts: scored,
  byMaterial,
  recentYears: RECENT_YEARS,
  observedBefore,
  overdispersedInterval:
    "the programme's: a negative binomial of variance φ · mean, φ the over-dispersion of the ten yearly counts " +
    'before the cutoff around their trend (poisson-interval.ts yearlyDispersion)',
  dispersionUsed: round(phi, 2),
  varianceToMean: {
    before: round(dispersion(observedBefore.map((o) => o.observed)), 2),
    backcast: round(dispersion(observed), 2),
  },
  breaksByWhere: whereBroken,
  renewalsDerivable: {
    derivable: false,
    statuses,
    linedSinceCutoff: linedSince.map((r) => ({
      id: r['WATMAINID'],
      linedYear: yearOfUs(r['LINED_DATE']),
      material: r['LINED_MATERIAL'],
      lengthM: round(Number(r['Shape__Length'])),
    })),
    laidSince,
  },
});
