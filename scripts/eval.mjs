// `npm run eval`: LOF evaluation on the shared Kitchener data (../shared/data, see its SOURCE.md), two protocols.
//   1. The model card's backtest (what every analysis runs): the peer protocol below at one calendar cutoff, the
//      latest whose three-year window the record covers, at one and three years.
//   2. The peer protocol (packages/engine lof/peer-protocol.ts), the literature's: calendar cutoffs from 2017 to the
//      latest the record allows (a window must end by the last recorded break, so a late cutoff has only its short
//      horizons), horizons 1 and 3 years, mains installed before the cutoff, target ≥ 1 break in the window,
//      raw-ranking baselines (age; previous breaks, age breaking ties), P@1 %, the two R@10 % length (share of the
//      breaking mains, share of the breaks; crossing main in proportion) and AUC with bootstrap 95 % intervals and
//      the paired difference model − previous breaks. Every cutoff is shown; the means are over 2017–2021 (as
//      published before), and the latest cutoff is printed and written on its own.
//   3. Issue 40: the same protocol with only the year of each break kept (on 1 January, precision 'year'), every
//      cutoff beside the full record and the raw rankings, with each training's panel (breaks per yearly cutoff),
//      trees and the share of the mains on the model's commonest score (year_only_dates in the JSON).
//   4. Issue 40, calibration: at every cutoff and horizon the model's Σ expected breaks ÷ the breaks recorded on the
//      window's mains, and Σ P(≥ 1 break) ÷ the breaking mains, with bootstrap 95 % intervals over mains (the raw
//      rankings have none: they order mains, they predict no count); pooled and mean over 2017–2021; and the level
//      recalibration on the held-out years (panel option recalibrationPriorBreaks, off by default) tried at every
//      cutoff, before/after (calibration in the JSON).
//   5. Issue 40, short histories: the record cut to its last seven years, every cutoff trained by the standard and
//      the short-record rule, with the raw rankings, the scikit-learn peer and calibration (short_record in the JSON);
//      the scikit-learn peer (eval-sklearn.mjs) also beside the full record's windows (sklearn_peer).
// Condition Score and CRITICALITY are not used: the utility refreshes them with recent breaks, so they would leak
// the held-out years. Writes bench/results/eval-lof.json.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  averageOverCutoffs,
  backtestLof,
  DEFAULT_BOOST_PARAMS,
  DEFAULT_PANEL_OPTIONS,
  PEER_CUTOFF_YEARS,
  PEER_HORIZONS_YEARS,
  PEER_MEASURES,
  PEER_RANKINGS,
  peerProtocol,
} from '../packages/engine/src/index.ts';
import { coveredHorizons, latestPeerCutoff } from '../packages/engine/src/lof/peer-protocol.ts';
import { indexBreaks } from '../packages/engine/src/lof/history.ts';
import { isoDate } from '../packages/engine/src/lof/backtest.ts';
import {
  KITCHENER_ATTRIBUTES,
  KITCHENER_BREAKS,
  KITCHENER_WITH_SHALLOW_MAIN,
  KITCHENER_MAINS,
  kitchenerBreaks,
  kitchenerPipes,
} from '../packages/engine/src/lof/testing/kitchener.ts';
import { writeResult } from '../bench/lib.mjs';
import { peerByCutoffOf } from './eval-cutoffs.mjs';
import {
  calibrationLine,
  fourFigures,
  measureCells,
  pct,
  pooledCalibration,
  ratio,
  valuesOf,
  windowRows,
} from './eval-format.mjs';
import { findSklearn } from './eval-sklearn.mjs';
import { printSklearnPeer, shortRecordVariant } from './eval-short-record.mjs';

const SEED = 20261122;
const dataDir = process.env.PIPEWISE_SHARED_DATA_DIR ?? resolve(import.meta.dirname, '../../shared/data');
if (!existsSync(resolve(dataDir, KITCHENER_MAINS))) {
  console.error(`eval: ${resolve(dataDir, KITCHENER_MAINS)} not found (set PIPEWISE_SHARED_DATA_DIR)`);
  process.exit(1);
}

const pipes = kitchenerPipes(readFileSync(resolve(dataDir, KITCHENER_MAINS), 'utf8'));
const breaks = kitchenerBreaks(readFileSync(resolve(dataDir, KITCHENER_BREAKS), 'utf8'));
const started = performance.now();
const backtests = backtestLof({
  pipes,
  breaks,
  attributes: KITCHENER_ATTRIBUTES,
  seed: SEED,
  horizonsYears: [1, 3],
});
const seconds = (performance.now() - started) / 1000;

const rows = backtests.flatMap((b) =>
  windowRows(b, `${b.horizonYears} y: ${b.cutoff} → ${b.heldOutTo} (${b.breakingMains}/${b.mains})`),
);
console.log(`Kitchener: ${pipes.length} mains, ${breaks.length} MAIN breaks (not cancelled); seed ${SEED}`);
for (const b of backtests) {
  console.log(
    `${b.horizonYears}-year window: trained on ${b.training.rows} pipe-years (${b.training.breaks} breaks, ` +
      `${b.training.cutoffYears.length} yearly cutoffs, ${b.training.trees} trees); held out ${b.breaks} ` +
      `breaks on ${b.breakingMains} of ${b.mains} mains`,
  );
}
console.log("\nThe model card's backtest (one calendar cutoff, as every analysis shows it):");
console.table(rows);
const top = (backtests[0]?.featureImportance ?? [])
  .slice(0, 6)
  .map((f) => `${f.feature} ${pct(f.gainShare)}`);
console.log(`gain importance: ${top.join(', ')}`);
for (const b of backtests) console.log(`Calibration, ${b.horizonYears} y: ${calibrationLine(b)}`);
console.log(`backtest time ${seconds.toFixed(1)} s`);

const RESAMPLES = 1000;
// Every cutoff from 2017 to the latest the record allows, with the horizons each can have (a window must end by the
// last recorded break: a 3-year window is complete or not reported).
const full = indexBreaks(pipes, breaks);
const latest = latestPeerCutoff(pipes, breaks, PEER_HORIZONS_YEARS);
const cutoffYears = Array.from(
  { length: Math.max(0, (latest?.cutoffYear ?? 0) - PEER_CUTOFF_YEARS[0] + 1) },
  (_, k) => PEER_CUTOFF_YEARS[0] + k,
);
const lastBreak = isoDate(full.lastBreakYear);
const horizonsByCutoff = Object.fromEntries(
  cutoffYears.map((y) => [y, coveredHorizons(y, PEER_HORIZONS_YEARS, full)]),
);
console.log(
  `\nLast recorded break ${lastBreak}; latest cutoff ${latest?.cutoffYear} (horizons ${latest?.horizonsYears.join(', ')} y). ` +
    `Horizons each cutoff can have: ${Object.entries(horizonsByCutoff)
      .map(([y, hs]) => `${y}: ${hs.join(', ')} y`)
      .join('; ')}`,
);
const peerByCutoff = peerByCutoffOf({ pipes, cutoffYears, seed: SEED, attributes: KITCHENER_ATTRIBUTES });
/** A panel year is empty with no break, doubled with more than 1.6 × the median year's. */
function panelShape(counts) {
  const sorted = [...counts].sort((a, b) => a - b);
  const median = sorted[sorted.length >> 1];
  return {
    empty: counts.filter((n) => n === 0).length,
    doubled: counts.filter((n) => n > 1.6 * median).length,
  };
}

const sklearn = findSklearn();
if (!sklearn.python) console.log(`\nNo scikit-learn peer: ${sklearn.reason}`);
const peerStarted = performance.now();
const {
  windows: peer,
  trainings: peerTrainings,
  sklearnWindows: peerSklearn,
  sklearnSeconds,
} = peerByCutoff(breaks, RESAMPLES, undefined, { sklearn });
// The peer protocol's own time, without the scikit-learn peer's fits.
const peerSeconds = (performance.now() - peerStarted) / 1000 - sklearnSeconds;
const peerRows = peer.flatMap((w) =>
  windowRows(w, `${w.cutoffYear} +${w.horizonYears} y (${w.breakingMains}/${w.mains})`),
);
console.log(
  `\nPeer protocol: calendar cutoffs, mains installed before the cutoff, target ≥ 1 break in [cutoff, cutoff + H); ` +
    `raw-ranking baselines; bootstrap 95 % intervals over mains (${RESAMPLES} resamples). Window: breaking/mains.`,
);
console.table(peerRows);
// The means stay over 2017–2021, so they compare with the figures published before; later cutoffs are shown above
// and the latest on its own below.
const peerAverages = Object.fromEntries(
  PEER_HORIZONS_YEARS.map((h) => [h, averageOverCutoffs(peer, h, PEER_CUTOFF_YEARS)]).filter(
    ([, a]) => a !== null,
  ),
);
console.log('Figures: P@1 % / mains R@10 % length / breaks R@10 % length / AUC.');
for (const [h, a] of Object.entries(peerAverages)) {
  console.log(`Mean over the cutoffs ${PEER_CUTOFF_YEARS.join(', ')} at ${h} year(s):`);
  for (const r of [...PEER_RANKINGS, 'modelMinusPreviousBreaks']) console.log(`  ${r}: ${fourFigures(a[r])}`);
}
const latestWindows = peer.filter((w) => w.cutoffYear === latest?.cutoffYear);
for (const w of latestWindows) {
  console.log(`Latest cutoff ${w.cutoffYear} at ${w.horizonYears} year(s) (${w.breakingMains}/${w.mains}):`);
  for (const r of PEER_RANKINGS) console.log(`  ${r}: ${fourFigures(valuesOf(w.rankings[r]))}`);
  console.log(`  modelMinusPreviousBreaks: ${fourFigures(valuesOf(w.modelMinusPreviousBreaks))}`);
}
console.log(`peer protocol time ${peerSeconds.toFixed(1)} s`);

// Issue 40: calibration at every cutoff and horizon (the raw rankings predict no count: they have none).
console.log(
  "\nCalibration of the model's expected breaks (predicted ÷ observed on the window's mains, bootstrap 95 % " +
    'intervals over mains; they leave out the year-to-year swing of a whole count). The raw rankings (age, previous ' +
    'breaks) order mains and predict no count: no calibration.',
);
console.table(
  peer.map((w) => ({
    window: `${w.cutoffYear} +${w.horizonYears} y`,
    'predicted breaks': Number(w.calibration.predictedBreaks.toFixed(1)),
    'observed breaks': w.breaks,
    'breaks ratio': ratio(w.calibration.breaksRatio),
    'predicted breaking mains': Number(w.calibration.predictedBreakingMains.toFixed(1)),
    'breaking mains': w.breakingMains,
    'mains ratio': ratio(w.calibration.breakingMainsRatio),
  })),
);
const calibrationSummary = (windows) =>
  Object.fromEntries(
    PEER_HORIZONS_YEARS.map((h) => {
      const of = (ys) => windows.filter((w) => w.horizonYears === h && (!ys || ys.includes(w.cutoffYear)));
      return [
        h,
        { all_cutoffs: pooledCalibration(of()), mean_cutoffs: pooledCalibration(of(PEER_CUTOFF_YEARS)) },
      ];
    }),
  );
const calibration = calibrationSummary(peer);
for (const [h, c] of Object.entries(calibration)) {
  const f = (x) =>
    `pooled ${x.pooledBreaksRatio.toFixed(3)} (breaking mains ${x.pooledBreakingMainsRatio.toFixed(3)}), ` +
    `mean ${x.meanBreaksRatio.toFixed(3)}, mean |log ratio| ${x.meanAbsLogBreaksRatio.toFixed(3)}`;
  console.log(
    `${h} year(s): every cutoff (${c.all_cutoffs.windows}) ${f(c.all_cutoffs)}; ` +
      `${PEER_CUTOFF_YEARS.join(', ')}: ${f(c.mean_cutoffs)}`,
  );
}
printSklearnPeer(peer, peerSklearn);
// The level recalibration learned on the held-out years (model.ts levelRecalibration), tried at every cutoff: the
// same trainings with the option on (50 resamples; the point ratios do not depend on them).
const RECALIBRATION_PRIOR_BREAKS = 20;
const recalibrated = peerByCutoff(breaks, 50, { recalibrationPriorBreaks: RECALIBRATION_PRIOR_BREAKS });
console.log(
  `\nLevel recalibration on the held-out years (prior ${RECALIBRATION_PRIOR_BREAKS} breaks, over-dispersion of ` +
    'the panel years; off by default), before → after at every cutoff:',
);
console.table(
  recalibrated.windows.map((w) => {
    const before = peer.find((x) => x.cutoffYear === w.cutoffYear && x.horizonYears === w.horizonYears);
    const r = recalibrated.trainings.find((t) => t.cutoffYear === w.cutoffYear).recalibration;
    return {
      window: `${w.cutoffYear} +${w.horizonYears} y`,
      'held out: observed / predicted': `${r.observedBreaks} / ${r.predictedBreaks.toFixed(1)}`,
      φ: Number(r.dispersion.toFixed(2)),
      factor: Number(r.factor.toFixed(3)),
      'ratio before': Number(before.calibration.breaksRatio.value.toFixed(3)),
      'ratio after': Number(w.calibration.breaksRatio.value.toFixed(3)),
      'AUC before → after': `${before.rankings.model.auc.value.toFixed(4)} → ${w.rankings.model.auc.value.toFixed(4)}`,
      'P@1% before → after': `${pct(before.rankings.model.precisionAt1Pct.value)} → ${pct(w.rankings.model.precisionAt1Pct.value)}`,
    };
  }),
);
const recalibratedCalibration = calibrationSummary(recalibrated.windows);
for (const h of PEER_HORIZONS_YEARS) {
  const b = calibration[h]?.all_cutoffs;
  const a = recalibratedCalibration[h]?.all_cutoffs;
  if (!b || !a) continue;
  const closer = recalibrated.windows.filter((w) => {
    const before = peer.find((x) => x.cutoffYear === w.cutoffYear && x.horizonYears === w.horizonYears);
    return (
      w.horizonYears === Number(h) &&
      Math.abs(Math.log(w.calibration.breaksRatio.value)) <
        Math.abs(Math.log(before.calibration.breaksRatio.value))
    );
  }).length;
  console.log(
    `${h} year(s): mean |log ratio| ${b.meanAbsLogBreaksRatio.toFixed(3)} → ${a.meanAbsLogBreaksRatio.toFixed(3)}, ` +
      `pooled ${b.pooledBreaksRatio.toFixed(3)} → ${a.pooledBreaksRatio.toFixed(3)}; closer to 1 at ${closer} of ` +
      `${a.windows} cutoffs`,
  );
}

// Issue 40: the same record with only the year of each break kept (as many utilities keep it: stored on 1 January,
// precision 'year'), every cutoff beside the full record and the raw rankings, with what each training made of it.
const yearOnlyBreaks = breaks.map((b) => ({
  ...b,
  dateMs: Date.UTC(new Date(b.dateMs).getUTCFullYear(), 0, 1),
  datePrecision: 'year',
}));
const { windows: yearOnly, trainings: yearOnlyTrainings } = peerByCutoff(yearOnlyBreaks, RESAMPLES);
console.log(
  '\nYear-only break dates (each break on 1 January of its year, precision year) beside the full record. ' +
    'Trainings: trees; panel breaks per yearly cutoff (most recent first; empty / doubled years); share of the ' +
    "mains on the model's most common score.",
);
const training = (t) =>
  `${t.trees} trees, panel [${t.panelBreaksByYear.join(' ')}] ` +
  `(${panelShape(t.panelBreaksByYear).empty} empty, ${panelShape(t.panelBreaksByYear).doubled} doubled)` +
  `${t.validation?.rule && t.validation.rule !== 'last-years' ? `, validation ${t.validation.rule}` : ''}, ` +
  `${pct(t.largestTieShare)} on one score`;
for (const [k, t] of yearOnlyTrainings.entries()) {
  console.log(`  ${t.cutoffYear} full: ${training(peerTrainings[k])}`);
  console.log(`  ${t.cutoffYear} year-only: ${training(t)}`);
}
console.table(
  yearOnly.flatMap((w) => {
    const f = peer.find((x) => x.cutoffYear === w.cutoffYear && x.horizonYears === w.horizonYears);
    const label = `${w.cutoffYear} +${w.horizonYears} y (${w.breakingMains}/${w.mains})`;
    return [
      {
        window: label,
        ranking: 'model, full dates',
        ...measureCells(f.rankings.model),
        'predicted ÷ observed': ratio(f.calibration.breaksRatio),
      },
      {
        window: label,
        ranking: 'model, year-only',
        ...measureCells(w.rankings.model),
        'predicted ÷ observed': ratio(w.calibration.breaksRatio),
      },
      { window: label, ranking: 'previous breaks', ...measureCells(w.rankings.previousBreaks) },
      { window: label, ranking: 'age', ...measureCells(w.rankings.age) },
    ];
  }),
);
const yearOnlyAverages = Object.fromEntries(
  PEER_HORIZONS_YEARS.map((h) => [h, averageOverCutoffs(yearOnly, h, PEER_CUTOFF_YEARS)]).filter(
    ([, a]) => a !== null,
  ),
);
for (const [h, a] of Object.entries(yearOnlyAverages)) {
  console.log(
    `Year-only, mean over ${PEER_CUTOFF_YEARS.join(', ')} at ${h} year(s): model ${fourFigures(a.model)} ` +
      `(full dates ${fourFigures(peerAverages[h].model)}); previous breaks ${fourFigures(a.previousBreaks)}; ` +
      `age ${fourFigures(a.age)}`,
  );
}

// Issue 40: the record cut to its last seven years, by the standard and the short-record rule (eval-short-record.mjs).
const shortRecord = shortRecordVariant({
  breaks,
  peerByCutoff,
  full: peer,
  years: cutoffYears,
  resamples: RESAMPLES,
  sklearn,
});

// The same protocol if the utility had chosen its undated Shallow Main flag as a risk factor (issue 14: such columns
// are not features by default, since they can follow the break record): means only, every window in the JSON.
const withShallow = peerProtocol({
  pipes,
  breaks,
  attributes: KITCHENER_WITH_SHALLOW_MAIN,
  seed: SEED,
  resamples: RESAMPLES,
  cutoffYears: PEER_CUTOFF_YEARS,
});
const withShallowAverages = Object.fromEntries(
  PEER_HORIZONS_YEARS.map((h) => [h, averageOverCutoffs(withShallow, h)]).filter(([, a]) => a !== null),
);
console.log('\nWith the undated Shallow Main flag chosen as a risk factor (not the default):');
for (const [h, a] of Object.entries(withShallowAverages)) {
  console.log(`  ${h} year(s): model ${fourFigures(a.model)}`);
}

// The bootstrap intervals above are over mains, for one training seed. The model's own randomness (row sampling per
// tree) moves the means too: EVAL_SEEDS more seeds (default 8) train the peer protocol again, and the mean over the
// cutoffs is given for each, with their average and range beside the raw rankings' (which have no seed). 20
// resamples: the means do not depend on them.
const SEEDS = Number(process.env.EVAL_SEEDS ?? 8);
const seedRuns = Array.from({ length: SEEDS }, (_, k) => SEED + k + 1).map((seed) => {
  const windows = peerProtocol({
    pipes,
    breaks,
    attributes: KITCHENER_ATTRIBUTES,
    seed,
    resamples: 20,
    cutoffYears: PEER_CUTOFF_YEARS,
  });
  return {
    seed,
    mean_over_cutoffs: Object.fromEntries(
      PEER_HORIZONS_YEARS.map((h) => [h, averageOverCutoffs(windows, h)?.model ?? null]),
    ),
  };
});
const seedSpread = Object.fromEntries(
  PEER_HORIZONS_YEARS.map((h) => {
    const models = [peerAverages[h]?.model, ...seedRuns.map((r) => r.mean_over_cutoffs[h])].filter(Boolean);
    const spread = (m) => {
      const v = models.map((x) => x[m]);
      return { mean: v.reduce((a, b) => a + b, 0) / v.length, min: Math.min(...v), max: Math.max(...v) };
    };
    return [
      h,
      {
        seeds: models.length,
        model: Object.fromEntries(PEER_MEASURES.map((m) => [m, spread(m)])),
        previousBreaks: peerAverages[h]?.previousBreaks ?? null,
      },
    ];
  }),
);
if (SEEDS > 0) {
  console.log(
    `\nThe model over ${SEEDS + 1} training seeds (mean over the cutoffs for each; mean [min, max] of those):`,
  );
  for (const [h, s] of Object.entries(seedSpread)) {
    const f = (e, digits = 1, scale = 100) =>
      `${(scale * e.mean).toFixed(digits)} [${(scale * e.min).toFixed(digits)}, ${(scale * e.max).toFixed(digits)}]`;
    const p = s.previousBreaks;
    console.log(
      `  ${h} year(s): P@1% ${f(s.model.precisionAt1Pct)}, mains R@10%L ${f(s.model.mainsRecallAt10PctLength)}, ` +
        `breaks R@10%L ${f(s.model.breaksRecallAt10PctLength)}, AUC ${f(s.model.auc, 3, 1)}; ` +
        `previous breaks ${fourFigures(p)}`,
    );
  }
}

// EVAL_VARIANTS='[{"panel": {...}, "params": {...}}, …]': the peer protocol's means once per variant of the training
// options, for the tried-and-not-kept notes of packages/engine/src/lof/README.md (50 resamples: the means do not
// depend on them). Nothing is written for them.
for (const variant of JSON.parse(process.env.EVAL_VARIANTS ?? '[]')) {
  const windows = peerProtocol({
    pipes,
    breaks,
    attributes: KITCHENER_ATTRIBUTES,
    seed: SEED,
    resamples: 50,
    cutoffYears: PEER_CUTOFF_YEARS,
    ...variant,
  });
  for (const h of PEER_HORIZONS_YEARS) {
    const a = averageOverCutoffs(windows, h);
    if (a === null) continue;
    console.log(
      `variant ${JSON.stringify(variant)} at ${h} y: model ${fourFigures(a.model)}; ` +
        `previous breaks ${fourFigures(a.previousBreaks)}`,
    );
  }
}

writeResult('eval-lof', {
  dataset: 'kitchener-watermains-breaks',
  seed: SEED,
  params: DEFAULT_BOOST_PARAMS,
  panel: DEFAULT_PANEL_OPTIONS,
  seconds,
  table: rows,
  backtests,
  peer_protocol: {
    protocol:
      'calendar cutoffs (1 January), mains installed before the cutoff year with a length, target ≥ 1 break in ' +
      '[cutoff, cutoff + H); model trained on breaks before the cutoff; baselines are raw rankings (age; previous ' +
      'breaks with age breaking ties); P@1 % of mains; on the top 10 % of length in score order, with the crossing ' +
      'main in proportion, the share of the breaking mains (mainsRecallAt10PctLength) and the share of the breaks ' +
      '(breaksRecallAt10PctLength); AUC (ties half); bootstrap percentile 95 % intervals over mains, paired ' +
      'differences. Cutoffs from 2017 to the latest the record allows, each with the horizons whose window ends by ' +
      'the last recorded break; means over 2017–2021.',
    resamples: RESAMPLES,
    seconds: peerSeconds,
    attributes: KITCHENER_ATTRIBUTES.map((a) => a.name),
    last_break: lastBreak,
    cutoff_years: cutoffYears,
    horizons_by_cutoff: horizonsByCutoff,
    mean_cutoff_years: PEER_CUTOFF_YEARS,
    mean_over_cutoffs: peerAverages,
    latest_cutoff: latest && {
      cutoff_year: latest.cutoffYear,
      horizons_years: latest.horizonsYears,
      windows: latestWindows,
    },
    seed_spread: { seeds: [SEED, ...seedRuns.map((r) => r.seed)], by_horizon: seedSpread, runs: seedRuns },
    windows: peer,
    trainings: peerTrainings,
    calibration: {
      measure:
        "the model's Σ expected breaks over the window ÷ the breaks recorded on the window's mains " +
        '(breaksRatio), and Σ P(≥ 1 break) ÷ the breaking mains (breakingMainsRatio); bootstrap 95 % intervals ' +
        'over mains in each window (windows[].calibration); the raw rankings predict no count and have none',
      by_horizon: calibration,
      recalibration_tried: {
        option: { recalibrationPriorBreaks: RECALIBRATION_PRIOR_BREAKS },
        adopted: DEFAULT_PANEL_OPTIONS.recalibrationPriorBreaks != null,
        by_horizon: recalibratedCalibration,
        windows: recalibrated.windows.map((w) => ({
          cutoffYear: w.cutoffYear,
          horizonYears: w.horizonYears,
          breaks: w.breaks,
          calibration: w.calibration,
          auc: w.rankings.model.auc.value,
          precisionAt1Pct: w.rankings.model.precisionAt1Pct.value,
        })),
        trainings: recalibrated.trainings.map((t) => ({
          cutoffYear: t.cutoffYear,
          recalibration: t.recalibration,
        })),
      },
    },
    sklearn_peer: sklearn.python
      ? {
          model:
            "HistGradientBoostingRegressor(loss='poisson') with the model's depth, leaves, learning rate, rows a " +
            'leaf, L2 and most trees; its own early stopping (random 10 %, 30 rounds); OMP_NUM_THREADS=1',
          version: sklearn.version,
          seconds: sklearnSeconds,
          windows: peerSklearn,
        }
      : sklearn.reason,
    short_record: shortRecord,
    year_only_dates: {
      breaks: 'each break on 1 January of its year, datePrecision year',
      mean_over_cutoffs: yearOnlyAverages,
      trainings: yearOnlyTrainings,
      windows: yearOnly,
    },
    with_shallow_main_chosen: {
      attributes: KITCHENER_WITH_SHALLOW_MAIN.map((a) => a.name),
      mean_over_cutoffs: withShallowAverages,
      windows: withShallow,
    },
  },
});
