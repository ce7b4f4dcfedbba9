// `node --import tsx scripts/rul-histogram.mjs [pipes]`: the RUL distribution of the demo town (the seed and "now"
// the server seeds it with, 20,000 pipes by default) as the analysis computes it (preprocess → LOF stage, no
// backtest), by material and install era, beside the RUL the generator's own hazard gives at the same threshold
// (rul/testing.ts trueRul). Prints the threshold and the fitted ageing exponents. Issue 15.
import { MATERIAL_SHORT_LABELS } from '../packages/domain/src/index.ts';
import {
  datasetInputsOfCity,
  generateCity,
  lofModelStage,
  preprocessDataset,
} from '../packages/engine/src/index.ts';
import { trueRul } from '../packages/engine/src/rul/testing.ts';
import { DEMO_CITY_AS_OF, DEMO_CITY_SEED } from '../apps/server/src/db/seed-city.ts';

const pipes = Number(process.argv[2] ?? 20_000);
const city = generateCity({ seed: DEMO_CITY_SEED, pipes, asOf: DEMO_CITY_AS_OF });
const inputs = { ...datasetInputsOfCity(city), lofOptions: { backtestHorizonsYears: [] } };
const pre = preprocessDataset(inputs);
const started = performance.now();
const lof = lofModelStage(inputs, pre);
const seconds = (performance.now() - started) / 1000;
const rul = lof.scoring.rul;
const truth = trueRul(city, rul.thresholdBreaksPerKmYear, rul);

const BINS = [
  ['0', 0, 0],
  ['1-9', 1, 9],
  ['10-24', 10, 24],
  ['25-49', 25, 49],
  ['50-74', 50, 74],
  ['75-99', 75, 99],
  ['100+', 100, Infinity],
];
const ERAS = [
  ['<1930', -Infinity, 1929],
  ['1930-59', 1930, 1959],
  ['1960-89', 1960, 1989],
  ['1990+', 1990, Infinity],
];
const median = (ys) => [...ys].sort((a, b) => a - b)[ys.length >> 1];
const row = (label, ys) =>
  [
    label.padEnd(14),
    String(ys.length).padStart(6),
    ...BINS.map(([, lo, hi]) => String(ys.filter((y) => y >= lo && y <= hi).length).padStart(7)),
    String(median(ys)).padStart(7),
  ].join('');
const header = [
  'group'.padEnd(14),
  'pipes'.padStart(6),
  ...BINS.map(([l]) => l.padStart(7)),
  'median'.padStart(7),
].join('');

const rows = inputs.pipes.map((p, i) => ({
  material: pre.pipes[i].materialTypeCode.value,
  year: pre.pipes[i].installYear.value,
  estimate: lof.pipes[i].rul,
  truth: truth.get(p.id),
}));
console.log(`demo town: ${pipes} pipes, seed ${DEMO_CITY_SEED}, LOF stage ${seconds.toFixed(1)} s`);
const source =
  rul.fixedThresholdBreaksPerKmYear === null
    ? `the rate of the worst ${rul.dueLengthShare * 100} % of the length`
    : 'fixed';
const exponents = Object.entries(rul.ageing.exponentByMaterial)
  .map(([m, b]) => `${MATERIAL_SHORT_LABELS[Number(m)] ?? (m || 'unknown')} ${b.toFixed(2)}`)
  .join(', ');
console.log(`threshold ${rul.thresholdBreaksPerKmYear.toFixed(3)} breaks/km·yr (${source})`);
console.log(`ageing exponent b: ${exponents} (pooled ${rul.ageing.pooledExponent.toFixed(2)})`);
for (const [name, key] of [
  ['estimate (analysis)', 'estimate'],
  ["truth (generator's hazard, same threshold)", 'truth'],
]) {
  console.log(`\n${name}: ${new Set(rows.map((r) => r[key])).size} distinct values`);
  console.log(header);
  console.log(
    row(
      'all',
      rows.flatMap((r) => (r[key] == null ? [] : [r[key]])),
    ),
  );
  const groups = new Map();
  for (const r of rows) {
    if (r[key] == null) continue;
    const era = ERAS.find(([, lo, hi]) => r.year >= lo && r.year <= hi)?.[0] ?? '?';
    const label = `${MATERIAL_SHORT_LABELS[r.material] ?? 'unknown'} ${era}`;
    groups.set(label, [...(groups.get(label) ?? []), r[key]]);
  }
  for (const [label, ys] of [...groups].sort()) if (ys.length >= 50) console.log(row(label, ys));
}
