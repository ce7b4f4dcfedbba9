// LOF training and scoring on 100k synthetic pipes with 25 years of breaks (a seeded Poisson process with
// known rates: packages/engine/src/lof/testing/synthetic.ts). Default parameters (10 yearly cutoffs →
// ~1M pipe-years). Then our trainer as an analysis runs it (validated fit plus refit) and scikit-learn's
// HistGradientBoostingRegressor (Poisson) on the same rows with the same tree counts, both on one thread and every
// row per tree, on this town and on Kitchener's (sklearn-peer.mjs). Times each step once (training is seconds to minutes, so one run is representative)
// and reports peak RSS. Speed targets live here, never as timed assertions in tests.
import {
  DEFAULT_BOOST_PARAMS,
  DEFAULT_PANEL_OPTIONS,
  analyzeRul,
  indexBreaks,
  scoreLof,
  trainLofModel,
} from '../packages/engine/src/index.ts';
import { binFrame, fitBins } from '../packages/engine/src/lof/binning.ts';
import { fitFeatureContext } from '../packages/engine/src/lof/features.ts';
import { buildPanel } from '../packages/engine/src/lof/panel.ts';
import { chooseValidation } from '../packages/engine/src/lof/model.ts';
import {
  KITCHENER_ATTRIBUTES,
  KITCHENER_BREAKS,
  KITCHENER_MAINS,
  kitchenerBreaks,
  kitchenerPipes,
} from '../packages/engine/src/lof/testing/kitchener.ts';
import { SYNTHETIC_ATTRIBUTES, syntheticNetwork } from '../packages/engine/src/lof/testing/synthetic.ts';
import { hasSharedData, readSharedText } from '../packages/engine/src/testing/shared-data.ts';
import { loadavg } from 'node:os';
import { writeResult } from './lib.mjs';
import { compareWithSklearn } from './sklearn-peer.mjs';

const SEED = 20261122;
const PIPES = 100_000;
const FROM_YEAR = 2000;
const TO_YEAR = 2025;

// Wall time, and CPU time (user + system) of this process: the bench machine may be shared.
const cpu = {};
const timed = (fn, name) => {
  const t = performance.now();
  const c = process.cpuUsage();
  const value = fn();
  const used = process.cpuUsage(c);
  cpu[name] = Math.round((used.user + used.system) / 1000);
  return [value, Math.round(performance.now() - t)];
};
const mib = (bytes) => Math.round(bytes / 2 ** 20);

const [network, generateMs] = timed(
  () => syntheticNetwork({ pipes: PIPES, fromYear: FROM_YEAR, toYear: TO_YEAR, seed: SEED }),
  'generate',
);
const [history, indexMs] = timed(() => indexBreaks(network.pipes, network.breaks), 'index_breaks');
const [model, trainMs] = timed(
  () => trainLofModel({ ...network, history, attributes: SYNTHETIC_ATTRIBUTES, seed: SEED }),
  'train',
);
const [scores, scoreMs] = timed(() => scoreLof(model, network.pipes, history, TO_YEAR), 'score');
const [{ years: rul }, rulMs] = timed(() => analyzeRul(model, network.pipes, history, TO_YEAR), 'rul');

// The trainer against scikit-learn on the same panel (sklearn-peer.mjs): the trainer an analysis runs — the fit on
// the training years validated on the held ones, then the refit on every row — each side on one thread and every
// row per tree, with the validation split trainLofModel chooses.
function panelFit(pipes, breaks, attributes) {
  const h = indexBreaks(pipes, breaks);
  const context = fitFeatureContext(pipes, h.firstBreakYear, attributes);
  const panel = buildPanel(pipes, h, context, h.lastBreakYear, DEFAULT_PANEL_OPTIONS);
  const bins = fitBins(panel.frame, DEFAULT_BOOST_PARAMS);
  const rowsByCutoff = panel.cutoffYears.map(() => 0);
  for (const j of panel.rowCutoff) rowsByCutoff[j] += 1;
  const { held } = chooseValidation(
    panel.breaksByCutoff,
    rowsByCutoff,
    DEFAULT_PANEL_OPTIONS.validationYears,
  );
  return {
    setup: { specs: panel.frame.specs, bins, used: bins.map((_, j) => j) },
    data: { bins: binFrame(panel.frame, bins), y: panel.y, exposure: panel.exposure },
    held: held === null ? null : Array.from(panel.rowCutoff, (j) => j < held),
  };
}
const versusSklearn = {};
{
  const { setup, data, held } = panelFit(network.pipes, network.breaks, SYNTHETIC_ATTRIBUTES);
  versusSklearn.synthetic_100k = compareWithSklearn(
    setup,
    data,
    DEFAULT_BOOST_PARAMS,
    model.training.trees,
    SEED,
    1,
    held,
  );
}
if (hasSharedData) {
  const pipes = kitchenerPipes(readSharedText(KITCHENER_MAINS));
  const breaks = kitchenerBreaks(readSharedText(KITCHENER_BREAKS));
  const kitchenerModel = trainLofModel({ pipes, breaks, attributes: KITCHENER_ATTRIBUTES, seed: SEED });
  const { setup, data, held } = panelFit(pipes, breaks, KITCHENER_ATTRIBUTES);
  versusSklearn.kitchener = compareWithSklearn(
    setup,
    data,
    DEFAULT_BOOST_PARAMS,
    kitchenerModel.training.trees,
    SEED,
    5,
    held,
  );
}
for (const [name, r] of Object.entries(versusSklearn)) {
  console.log(
    `${name}: ${r.rows} rows, ${r.timed} ${JSON.stringify(r.ours.fits)} — ours ${r.ours.cpu_ms} ms CPU ` +
      `(every row per tree; ${r.ours_as_analysis_runs.cpu_ms} ms at subsample ${r.ours_as_analysis_runs.subsample}), ` +
      `scikit-learn on one thread ${
        typeof r.sklearn === 'string'
          ? r.sklearn
          : `${r.sklearn.cpu_ms} ms CPU (ratio ${r.cpu_ratio_ours_over_sklearn}), load ${loadavg()
              .map((l) => l.toFixed(2))
              .join(' ')}`
      }`,
  );
}

writeResult('lof', {
  pipes: PIPES,
  breaks: network.breaks.length,
  years: TO_YEAR - FROM_YEAR,
  seed: SEED,
  params: DEFAULT_BOOST_PARAMS,
  panel: DEFAULT_PANEL_OPTIONS,
  panel_rows: model.training.rows,
  versus_sklearn: versusSklearn,
  trees: model.training.trees,
  model_json_kib: Math.round(JSON.stringify(model).length / 1024),
  ms: { generate: generateMs, index_breaks: indexMs, train: trainMs, score: scoreMs, rul: rulMs },
  cpu_ms: cpu,
  load_average_1m: loadavg()[0],
  project_lof_percent: scores.projectLof,
  rul_over_100_share: rul.filter((y) => y === 100).length / rul.length,
  peak_rss_mib: mib(process.resourceUsage().maxRSS * 1024),
  heap_used_mib: mib(process.memoryUsage().heapUsed),
});
