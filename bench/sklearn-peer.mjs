// The LOF trainer beside the peer a utility's analyst would reach for: scikit-learn's HistGradientBoostingRegressor
// with the Poisson loss (issue 14: "LOF training CPU time at most that of scikit-learn's HGB, same rows, same number
// of trees"). Both fit the same binned panel (bin indices as features, the categorical ones declared so), the same
// targets, depth 4 (≤ 16 leaves), learning rate, L2 and minimum leaf size, with a fixed number of trees and no early
// stopping; exposure is one pipe-year per row (lengthExponent 0), so no offset is needed on either side. Ours also
// subsamples half the rows per tree (stochastic boosting); scikit-learn has no such option.
// scikit-learn comes from Debian (apt-get install python3-sklearn), for the system python3.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fitBooster } from '../packages/engine/src/lof/booster.ts';

const PYTHONS = ['/usr/bin/python3', 'python3'];

function pythonWithSklearn() {
  for (const python of PYTHONS) {
    try {
      execFileSync(python, ['-c', 'import sklearn'], { stdio: 'ignore' });
      return python;
    } catch {
      // next
    }
  }
  return null;
}

const cpuMs = (fn) => {
  const c = process.cpuUsage();
  const t = performance.now();
  const value = fn();
  const used = process.cpuUsage(c);
  return {
    value,
    cpu_ms: Math.round((used.user + used.system) / 1000),
    wall_ms: Math.round(performance.now() - t),
  };
};

/**
 * `fits` fits of each on the same rows (the median's times): `setup` and `data` as fitBooster takes them (bins
 * column-major, y), `params` the booster's. Returns the CPU and wall times of both and their ratio (ours /
 * scikit-learn). More than one fit for a small panel: a half-second fit after the 100k one varied from 0.21 to 0.60 s
 * of CPU with the garbage the process had left.
 */
export function compareWithSklearn(setup, data, params, trees, seed, fits = 1) {
  const runs = Array.from({ length: fits }, () =>
    cpuMs(() => fitBooster(setup, data, null, { ...params, maxTrees: trees }, seed)),
  ).sort((a, b) => a.cpu_ms - b.cpu_ms);
  const ours = runs[(fits - 1) >> 1];
  const result = {
    rows: data.y.length,
    features: setup.used.length,
    trees,
    ours: { cpu_ms: ours.cpu_ms, wall_ms: ours.wall_ms, fits, trees: ours.value.model.trees.length },
  };
  const python = pythonWithSklearn();
  if (python === null) return { ...result, sklearn: 'not installed: apt-get install python3-sklearn' };
  const dir = mkdtempSync(path.join(tmpdir(), 'pw-sklearn-'));
  try {
    const n = data.y.length;
    const columns = setup.used.map((j) => data.bins[j]);
    const X = new Uint8Array(n * columns.length);
    columns.forEach((column, j) => {
      for (let i = 0; i < n; i++) X[i * columns.length + j] = column[i];
    });
    writeFileSync(path.join(dir, 'X.u8'), X);
    writeFileSync(path.join(dir, 'y.f64'), Buffer.from(data.y.buffer, data.y.byteOffset, data.y.byteLength));
    const categorical = setup.used.flatMap((j, k) => (setup.bins[j].kind === 'categorical' ? [k] : []));
    const script = `
import json, sys, time
import numpy as np, sklearn
from sklearn.ensemble import HistGradientBoostingRegressor
n, f = ${n}, ${columns.length}
X = np.fromfile(sys.argv[1] + '/X.u8', dtype=np.uint8).reshape(n, f).astype(np.float64)
y = np.fromfile(sys.argv[1] + '/y.f64', dtype=np.float64)
cat = ${JSON.stringify(categorical)}
model = HistGradientBoostingRegressor(loss='poisson', learning_rate=${params.learningRate}, max_iter=${trees},
    max_depth=${params.maxDepth}, max_leaf_nodes=${2 ** params.maxDepth}, min_samples_leaf=${params.minRowsLeaf},
    l2_regularization=${params.l2}, max_bins=255, early_stopping=False,
    categorical_features=cat if cat else None, random_state=0)
runs = []
for _ in range(${fits}):
    wall, cpu = time.perf_counter(), time.process_time()
    model.fit(X, y)
    runs.append((round(1000 * (time.process_time() - cpu)), round(1000 * (time.perf_counter() - wall))))
runs.sort()
cpu_ms, wall_ms = runs[(len(runs) - 1) // 2]
print(json.dumps({'cpu_ms': cpu_ms, 'wall_ms': wall_ms, 'fits': len(runs), 'trees': int(model.n_iter_),
    'version': sklearn.__version__}))
`;
    const sklearn = JSON.parse(execFileSync(python, ['-c', script, dir], { encoding: 'utf8' }));
    return {
      ...result,
      sklearn,
      cpu_ratio_ours_over_sklearn: Math.round((100 * ours.cpu_ms) / sklearn.cpu_ms) / 100,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
