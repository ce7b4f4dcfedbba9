// `npm run eval`: LOF backtest on the shared Kitchener data (../shared/data, see its SOURCE.md).
// Trains on the break record up to one (and three) years before the last break, scores the pipes that
// existed then and compares with the held-out breaks: the model against two baselines (age only;
// previous breaks only). Condition Score and CRITICALITY are not used: the utility refreshes them with
// recent breaks, so they would leak the held-out years. Writes bench/results/eval-lof.json.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { backtestLof, DEFAULT_BOOST_PARAMS, DEFAULT_PANEL_OPTIONS } from '../packages/engine/src/index.ts';
import {
  KITCHENER_ATTRIBUTES,
  KITCHENER_BREAKS,
  KITCHENER_MAINS,
  kitchenerBreaks,
  kitchenerPipes,
} from '../packages/engine/src/lof/testing/kitchener.ts';
import { writeResult } from '../bench/lib.mjs';

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

const pct = (x) => `${(100 * x).toFixed(1)} %`;
const rows = [];
for (const b of backtests) {
  const candidates = [
    ['model (all features)', b.model],
    ['baseline: age only', b.baselines.ageOnly],
    ['baseline: previous breaks only', b.baselines.previousBreaksOnly],
  ];
  for (const [name, m] of candidates) {
    rows.push({
      window: `${b.horizonYears} y: ${b.cutoff} → ${b.heldOutTo}`,
      ranking: name,
      'precision@1%': pct(m.precisionAt1Pct),
      'precision@5%': pct(m.precisionAt5Pct),
      'recall@10% length': pct(m.recallTop10PctLength),
      AUC: m.auc.toFixed(3),
      'expected / observed': `${m.expectedBreaks.toFixed(1)} / ${m.observedBreaks}`,
      deviance: m.meanPoissonDeviance.toFixed(4),
    });
  }
}
console.log(`Kitchener: ${pipes.length} mains, ${breaks.length} MAIN breaks (not cancelled); seed ${SEED}`);
for (const b of backtests) {
  console.log(
    `${b.horizonYears}-year window: trained on ${b.training.rows} pipe-years (${b.training.breaks} breaks, ` +
      `${b.training.cutoffYears.length} yearly cutoffs, ${b.training.trees} trees); held out ${b.heldOut.breaks} ` +
      `breaks on ${b.heldOut.pipesWithBreak} of ${b.heldOut.pipes} pipes`,
  );
}
console.table(rows);
for (const b of backtests) {
  const top = b.featureImportance.slice(0, 6).map((f) => `${f.feature} ${pct(f.gainShare)}`);
  console.log(`${b.horizonYears}-year model, gain importance: ${top.join(', ')}`);
}
console.log(`backtest time ${seconds.toFixed(1)} s`);

writeResult('eval-lof', {
  dataset: 'kitchener-watermains-breaks',
  seed: SEED,
  params: DEFAULT_BOOST_PARAMS,
  panel: DEFAULT_PANEL_OPTIONS,
  seconds,
  table: rows,
  backtests,
});
