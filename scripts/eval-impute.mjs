// `npm run eval:impute`: accuracy of virtual-pipe imputation (issue 4) against the neighbour-mode
// baseline, on (1) the synthetic town of 20,000 pipes — 10 % of known values hidden at random, and the
// values the generator itself hid (maskedTruth: old pipes missing more often) — and (2) the Kitchener
// mains (../shared/data, SOURCE.md), 10 % of known values hidden. Kitchener has no pipe geometry, so its
// only neighbours are mains on the same road segment; the rest is attribute relationships (zone,
// ownership, acquisition, lining, length). Prints a table; writes bench/results/eval-impute.json.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { evaluateImputation, generateCity, scoreImputation } from '../packages/engine/src/index.ts';
import { cityImputePipes } from '../packages/engine/src/impute/testing/synthetic.ts';
import { KITCHENER_MAINS, kitchenerImputePipes } from '../packages/engine/src/impute/testing/kitchener.ts';
import { writeResult } from '../bench/lib.mjs';

const SEED = 20261122;
const MASK_FRACTION = 0.1;
const dataDir = process.env.PIPEWISE_SHARED_DATA_DIR ?? resolve(import.meta.dirname, '../../shared/data');

const runs = [];
const timed = (name, note, f) => {
  const started = performance.now();
  const scores = f();
  runs.push({ name, note, seconds: Number(((performance.now() - started) / 1000).toFixed(2)), ...scores });
};

const city = generateCity({ seed: SEED, pipes: 20_000, asOf: { year: 2026, month: 1 } });
const cityPipes = cityImputePipes(city);
timed('synthetic 20k, masked known', `${MASK_FRACTION * 100} % of known values hidden at random`, () =>
  evaluateImputation({ pipes: cityPipes, seed: SEED, maskFraction: MASK_FRACTION }),
);
timed('synthetic 20k, maskedTruth', 'values the generator hid (not at random: old pipes more often)', () =>
  scoreImputation({ pipes: cityPipes, seed: SEED }, city.maskedTruth),
);
const mainsPath = resolve(dataDir, KITCHENER_MAINS);
if (existsSync(mainsPath)) {
  const pipes = kitchenerImputePipes(readFileSync(mainsPath, 'utf8'));
  timed('Kitchener mains, masked known', 'no geometry: neighbours = same road segment only', () =>
    evaluateImputation({ pipes, seed: SEED, maskFraction: MASK_FRACTION }),
  );
} else console.warn(`eval:impute: ${mainsPath} not found, Kitchener skipped (set PIPEWISE_SHARED_DATA_DIR)`);

const f3 = (x) => (x === undefined ? '' : x.toFixed(3));
const f1 = (x) => (x === undefined ? '' : x.toFixed(1));
const rows = runs.flatMap((r) =>
  ['materialTypeCode', 'diameterMm', 'installYear'].map((t) => {
    const [m, b] = [r.model[t], r.baseline[t]];
    return {
      dataset: r.name,
      attribute: t,
      n: m.count,
      'acc model': f3(m.accuracy),
      'acc base': f3(b.accuracy),
      'logloss model': f3(m.logLoss),
      'logloss base': f3(b.logLoss),
      'brier model': f3(m.brier),
      'brier base': f3(b.brier),
      'ECE model': f3(m.ece),
      'ECE base': f3(b.ece),
      'MAE yr model': f1(m.maeYears),
      'MAE yr base': f1(b.maeYears),
      '±5 model': f3(m.within5Years),
      '±5 base': f3(b.within5Years),
      '±10 model': f3(m.within10Years),
      '±10 base': f3(b.within10Years),
    };
  }),
);
console.table(rows);
console.log('install-year accuracy = most likely 5-year bin; material and diameter accuracy = exact value.');

writeResult('eval-impute', {
  seed: SEED,
  maskFraction: MASK_FRACTION,
  baseline: 'neighbour mode: most common value among the same neighbours (network, street, 8 nearest)',
  table: rows,
  runs: runs.map((r) => ({
    name: r.name,
    note: r.note,
    seconds: r.seconds,
    masked: r.masked,
    model: r.model,
    baseline: r.baseline,
    weights: r.summary.weights,
    withNeighbours: r.summary.withNeighbours,
  })),
});
