// `npm run eval`: LOF evaluation on the shared Kitchener data (../shared/data, see its SOURCE.md), two protocols.
//   1. The analysis backtest (what every analysis runs for its model card): trains on the break record up to one
//      (and three) years before the last break and compares with the held-out breaks, against one-feature boosters
//      (age only; previous breaks only).
//   2. The peer protocol (packages/engine lof/peer-protocol.ts), the literature's: calendar cutoffs 2017–2021,
//      horizons 1 and 3 years, mains installed before the cutoff, target ≥ 1 break in the window, raw-ranking
//      baselines (age; previous breaks, age breaking ties), P@1 %, R@10 % length (crossing main in proportion) and
//      AUC with bootstrap 95 % intervals and the paired difference model − previous breaks. Every cutoff is shown.
// Condition Score and CRITICALITY are not used: the utility refreshes them with recent breaks, so they would leak
// the held-out years. Writes bench/results/eval-lof.json.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  averageOverCutoffs,
  backtestLof,
  DEFAULT_BOOST_PARAMS,
  DEFAULT_PANEL_OPTIONS,
  PEER_HORIZONS_YEARS,
  PEER_RANKINGS,
  peerProtocol,
} from '../packages/engine/src/index.ts';
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

const RESAMPLES = 1000;
const peerStarted = performance.now();
const peer = peerProtocol({
  pipes,
  breaks,
  attributes: KITCHENER_ATTRIBUTES,
  seed: SEED,
  resamples: RESAMPLES,
});
const peerSeconds = (performance.now() - peerStarted) / 1000;
const withInterval = (e, digits = 1, scale = 100) =>
  `${(scale * e.value).toFixed(digits)} [${(scale * e.low).toFixed(digits)}, ${(scale * e.high).toFixed(digits)}]`;
const peerRows = [];
for (const w of peer) {
  const window = `${w.cutoffYear} +${w.horizonYears} y (${w.breakingMains}/${w.mains})`;
  for (const r of PEER_RANKINGS) {
    const m = w.rankings[r];
    peerRows.push({
      window,
      ranking: r,
      'P@1% %': withInterval(m.precisionAt1Pct),
      'R@10% length %': withInterval(m.recallAt10PctLength),
      AUC: withInterval(m.auc, 3, 1),
    });
  }
  const d = w.modelMinusPreviousBreaks;
  peerRows.push({
    window,
    ranking: 'model − previous breaks',
    'P@1% %': withInterval(d.precisionAt1Pct),
    'R@10% length %': withInterval(d.recallAt10PctLength),
    AUC: withInterval(d.auc, 3, 1),
  });
}
console.log(
  `\nPeer protocol: calendar cutoffs, mains installed before the cutoff, target ≥ 1 break in [cutoff, cutoff + H); ` +
    `raw-ranking baselines; bootstrap 95 % intervals over mains (${RESAMPLES} resamples). Window: breaking/mains.`,
);
console.table(peerRows);
const peerAverages = Object.fromEntries(
  PEER_HORIZONS_YEARS.map((h) => [h, averageOverCutoffs(peer, h)]).filter(([, a]) => a !== null),
);
for (const [h, a] of Object.entries(peerAverages)) {
  const line = (name, m) =>
    `${name}: P@1% ${pct(m.precisionAt1Pct)}, R@10% length ${pct(m.recallAt10PctLength)}, AUC ${m.auc.toFixed(3)}`;
  console.log(`Mean over the cutoffs at ${h} year(s):`);
  for (const r of [...PEER_RANKINGS, 'modelMinusPreviousBreaks']) console.log(`  ${line(r, a[r])}`);
}
console.log(`peer protocol time ${peerSeconds.toFixed(1)} s`);

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
      'breaks with age breaking ties); P@1 % of mains, R@10 % of length in score order with the crossing main in ' +
      'proportion, AUC (ties half); bootstrap percentile 95 % intervals over mains, paired differences.',
    resamples: RESAMPLES,
    seconds: peerSeconds,
    mean_over_cutoffs: peerAverages,
    windows: peer,
  },
});
