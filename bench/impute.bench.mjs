// Virtual-pipe imputation on the 100k-pipe synthetic town (issue 4 target: well under a minute). Times
// the median of 3 runs of imputePipes (neighbour graph, model, 3 chained rounds, output maps) and, apart,
// the neighbour graph alone; records peak RSS and the load average, since the machine is shared.
import { loadavg } from 'node:os';
import { buildNeighbours, generateCity, imputePipes } from '../packages/engine/src/index.ts';
import { cityImputePipes } from '../packages/engine/src/impute/testing/synthetic.ts';
import { writeResult } from './lib.mjs';

const RUNS = 3;
const SEED = 20261122;
const PIPES = 100_000;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const seconds = (f) => {
  const started = performance.now();
  const value = f();
  return [(performance.now() - started) / 1000, value];
};

const [generateS, city] = seconds(() =>
  generateCity({ seed: SEED, pipes: PIPES, asOf: { year: 2026, month: 1 } }),
);
const pipes = cityImputePipes(city);
const loadBefore = loadavg()[0];
const graphS = [];
const imputeS = [];
let result;
for (let run = 0; run < RUNS; run++) {
  graphS.push(seconds(() => buildNeighbours(pipes, undefined, { kNearest: 8, maxNeighbourM: 400 }))[0]);
  const [s, r] = seconds(() => imputePipes({ pipes, seed: SEED }));
  imputeS.push(s);
  result = r;
}

writeResult('impute', {
  pipes: pipes.length,
  generateCitySeconds: Number(generateS.toFixed(2)),
  imputeSecondsMedian: Number(median(imputeS).toFixed(2)),
  imputeSeconds: imputeS.map((s) => Number(s.toFixed(2))),
  neighbourGraphSecondsMedian: Number(median(graphS).toFixed(2)),
  targetSeconds: 60,
  peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
  loadAverage1m: { before: Number(loadBefore.toFixed(2)), after: Number(loadavg()[0].toFixed(2)) },
  imputed: result.summary.imputed,
  withNeighbours: result.summary.withNeighbours,
  weights: result.summary.weights,
  rounds: result.summary.rounds,
});
