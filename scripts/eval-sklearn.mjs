// The scikit-learn peer of `npm run eval` (issue 40): a plain Poisson gradient-boosting model, as an analyst would
// fit one, on the same training panel as the LOF model of the window (the same rows, features as binned by the
// model, targets), scored on the same mains at the cutoff and measured with the same bootstrap resamples as the
// model's window (bootstrapWindow, same seed), so its figures and its paired difference against previous breaks sit
// beside the model's. HistGradientBoostingRegressor(loss='poisson') with the model's tree settings (depth, leaves
// 2^depth, learning rate, rows a leaf, L2, at most its trees) and scikit-learn's own early stopping (a random 10 % of
// the rows, 30 rounds), categorical features declared, one thread (OMP_NUM_THREADS=1). Not scikit-learn's defaults:
// without L2 and with 20 rows a leaf, its Newton steps on leaves with breaks and near-zero predictions put a few
// Kitchener mains at 10^5 breaks a year (2020 cutoff: 271,843 breaks predicted against 60). Its three-year figure is
// three times its one-year rate (the pipe not aged: it has no ageing).
// scikit-learn from Debian (apt-get install python3-sklearn) for the system python3; absent, the eval says so.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { binFrame } from '../packages/engine/src/lof/binning.ts';
import { countBelow } from '../packages/engine/src/lof/history.ts';
import { binnedFrame } from '../packages/engine/src/lof/model.ts';
import { buildPanel } from '../packages/engine/src/lof/panel.ts';
import { rankingGroups } from '../packages/engine/src/lof/peer-measures.ts';
import {
  bootstrapCalibration,
  bootstrapWindow,
  calendarYear,
} from '../packages/engine/src/lof/peer-protocol.ts';

const PYTHONS = ['/usr/bin/python3', 'python3'];

/** The python with scikit-learn and its version, or the reason there is none. */
export function findSklearn() {
  for (const python of PYTHONS) {
    try {
      const version = execFileSync(python, ['-c', 'import sklearn; print(sklearn.__version__)'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim();
      return { python, version };
    } catch {
      // next
    }
  }
  return {
    reason: 'scikit-learn not found for /usr/bin/python3 or python3 (apt-get install python3-sklearn)',
  };
}

const SCRIPT = `
import json, sys
import numpy as np
from sklearn.ensemble import HistGradientBoostingRegressor
d = sys.argv[1]
meta = json.load(open(d + '/meta.json'))
f = meta['features']
X = np.fromfile(d + '/X.u8', dtype=np.uint8).reshape(-1, f).astype(np.float64)
y = np.fromfile(d + '/y.f64', dtype=np.float64)
S = np.fromfile(d + '/S.u8', dtype=np.uint8).reshape(-1, f).astype(np.float64)
cat = meta['categorical']
p = meta['params']
model = HistGradientBoostingRegressor(loss='poisson', categorical_features=cat if cat else None, random_state=0,
    learning_rate=p['learningRate'], max_depth=p['maxDepth'], max_leaf_nodes=2 ** p['maxDepth'],
    min_samples_leaf=p['minRowsLeaf'], l2_regularization=p['l2'], max_iter=p['maxTrees'], early_stopping=True,
    validation_fraction=0.1, n_iter_no_change=30)
model.fit(X, y)
model.predict(S).astype(np.float64).tofile(d + '/p.f64')
print(json.dumps({'iterations': int(model.n_iter_)}))
`;

/** Row-major bytes of column-major bins. */
function rowMajor(columns, rows) {
  const out = new Uint8Array(rows * columns.length);
  columns.forEach((column, j) => {
    for (let i = 0; i < rows; i++) out[i * columns.length + j] = column[i];
  });
  return out;
}

/**
 * The peer at one cutoff: `model` and `mains`/`history` as peerCutoff trained and scored them; `windows` the model's
 * windows there (their horizons; the same bootstrap seed). Returns per horizon the peer's estimates, its paired
 * difference against previous breaks, its calibration and its iterations.
 */
export function sklearnPeerWindows(sklearn, model, mains, history, cutoffYear, windows, resamples, seed) {
  if (model.panel.lengthExponent !== 0)
    throw new Error('the peer assumes one unit of exposure per pipe-year');
  const panel = buildPanel(mains, history, model.context, model.endYear, model.panel);
  const train = binFrame(panel.frame, model.booster.bins);
  const cutoff = calendarYear(cutoffYear);
  const score = binnedFrame(model, mains, history, { cutoffYear: cutoff });
  const dir = mkdtempSync(path.join(tmpdir(), 'pw-eval-sklearn-'));
  let rate;
  let iterations;
  try {
    writeFileSync(path.join(dir, 'X.u8'), rowMajor(train, panel.y.length));
    writeFileSync(
      path.join(dir, 'y.f64'),
      Buffer.from(panel.y.buffer, panel.y.byteOffset, panel.y.byteLength),
    );
    writeFileSync(path.join(dir, 'S.u8'), rowMajor(score.bins, score.rows));
    const categorical = model.booster.bins.flatMap((b, j) => (b.kind === 'categorical' ? [j] : []));
    writeFileSync(
      path.join(dir, 'meta.json'),
      JSON.stringify({ features: train.length, categorical, params: model.params }),
    );
    const out = execFileSync(sklearn.python, ['-c', SCRIPT, dir], {
      encoding: 'utf8',
      env: { ...process.env, OMP_NUM_THREADS: '1' },
    });
    iterations = JSON.parse(out).iterations;
    const bytes = readFileSync(path.join(dir, 'p.f64'));
    rate = new Float64Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 8);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const lengthM = Float64Array.from(mains, (p) => p.lengthM);
  const age = Float64Array.from(mains, (p) => cutoffYear - p.installYear);
  const previous = Float64Array.from(history.yearsByPipe, (years) => countBelow(years, cutoff));
  const groups = { age: rankingGroups(age), previousBreaks: rankingGroups(previous, age) };
  return windows.map((w) => {
    const h = w.horizonYears;
    const end = calendarYear(cutoffYear + h);
    const inWindow = Float64Array.from(
      history.yearsByPipe,
      (years) => countBelow(years, end) - countBelow(years, cutoff),
    );
    const expected = Float64Array.from(rate, (r) => r * h);
    // The model's window seed (peer-protocol.ts peerCutoff): the same resamples as the model's figures.
    const windowSeed = seed + cutoffYear * 10 + h;
    const b = bootstrapWindow(
      { ...groups, model: rankingGroups(expected) },
      inWindow,
      lengthM,
      resamples,
      windowSeed,
    );
    return {
      cutoffYear,
      horizonYears: h,
      iterations,
      sklearn: b.rankings.model,
      sklearnMinusPreviousBreaks: b.modelMinusPreviousBreaks,
      calibration: bootstrapCalibration(expected, inWindow, resamples, windowSeed),
    };
  });
}
