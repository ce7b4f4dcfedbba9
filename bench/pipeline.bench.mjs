// The dataset analysis pipeline (packages/engine/src/pipeline) on the 100k-pipe synthetic town, as the
// server's worker runs it: preprocess (topology, imputation, VIS) → LOF/RUL (default model and backtest)
// → COF/BRE/aggregates (the country's default scenario, standard mode). Each stage once (they take seconds
// to minutes); wall and CPU ms per stage, RSS after each stage and peak RSS. PIPEWISE_BENCH_PIPES sets a
// smaller town for a quick trial (the result then says so). Speed targets live here, never in tests.
import { loadavg } from 'node:os';
import {
  cofFigures,
  cofStage,
  datasetInputsOfCity,
  generateCity,
  lofStage,
  preprocessDataset,
} from '../packages/engine/src/index.ts';
import { writeResult } from './lib.mjs';

const SEED = 20261122;
const PIPES = Number(process.env.PIPEWISE_BENCH_PIPES ?? 100_000);

const mib = (bytes) => Math.round(bytes / 2 ** 20);
const cpu = {};
const ms = {};
const rss = {};
const timed = async (name, fn) => {
  const t = performance.now();
  const c = process.cpuUsage();
  const value = await fn();
  const used = process.cpuUsage(c);
  ms[name] = Math.round(performance.now() - t);
  cpu[name] = Math.round((used.user + used.system) / 1000);
  rss[name] = mib(process.memoryUsage().rss);
  console.error(`${name}: ${ms[name]} ms`);
  return value;
};

const loadBefore = loadavg()[0];
const city = await timed('generate', () =>
  generateCity({ seed: SEED, pipes: PIPES, asOf: { year: 2026, month: 1 } }),
);
const inputs = await timed('inputs', () => datasetInputsOfCity(city));
const pre = await timed('preprocess', () => preprocessDataset(inputs));
const lof = await timed('lof', () => lofStage(inputs, pre));
const cof = await timed('cof', () => cofStage(inputs, cofFigures(pre.pipes, lof.pipes)));

writeResult(PIPES === 100_000 ? 'pipeline' : `pipeline-${PIPES}`, {
  pipes: inputs.pipes.length,
  breaks: inputs.breaks.length,
  valves: inputs.valves.length,
  seed: SEED,
  segments: pre.segments.length,
  imputed: pre.imputeSummary.imputed,
  lof: {
    trees: lof.card.training.trees,
    panel_rows: lof.card.training.rows,
    backtests: lof.card.backtests.map((b) => ({ years: b.horizonYears, auc: b.rankings.model.auc.value })),
    project_lof_percent: lof.card.projectLof,
  },
  cof: { calculation: cof.summary.calculation, total: cof.summary.totalCof, notes: cof.summary.notes },
  ms: { ...ms, stages_total: ms.preprocess + ms.lof + ms.cof },
  cpu_ms: cpu,
  rss_after_mib: rss,
  peak_rss_mib: mib(process.resourceUsage().maxRSS * 1024),
  load_average_1m: { before: loadBefore, after: loadavg()[0] },
});
