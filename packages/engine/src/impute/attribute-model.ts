// The attribute expert: naive Bayes over the other attributes (material ↔ era, diameter ↔ length, road
// type, zone…), fitted on the provided rows of the same dataset. Chosen over boosted trees because it
// is trained and applied in one pass over 100k rows, takes soft evidence for a covariate that is itself
// imputed (Σ_v q(v)·p(v|y)) and skips a missing one exactly; its overconfidence from correlated
// covariates is corrected by the exponent fitted in fit.ts. Additive smoothing towards the covariate's
// marginal (α = 2) keeps rare categories from zero probabilities. A pipe's own row is left out of the
// counts when it is scored (leave-one-out), so estimates of provided values are honest.
import type { Column } from './categories.ts';
import type { TargetState } from './state.ts';

const ALPHA = 2;

interface Table {
  /** counts[y * V + v] */
  readonly counts: Float64Array;
  readonly rowTotals: Float64Array;
  readonly marginal: Float64Array;
  readonly size: number;
  /** Either a fixed column or another target (soft evidence). */
  readonly column: Int32Array;
  readonly other: TargetState | null;
  /**
   * log p(v | y) at logs[y * V + v] for a pipe whose own row is not counted in y (every class but its own): the
   * counts are fixed once trained, so the chained rounds look these up instead of taking ~100 logs per pipe again.
   */
  readonly logs: Float64Array;
}

export interface AttributeModel {
  readonly prior: Float64Array;
  readonly priorCounts: Float64Array;
  readonly trained: number;
  readonly tables: readonly Table[];
  /** log prior(y) of a pipe whose target is unknown, and of a known one for the classes other than its own. */
  readonly logPriorUnknown: Float64Array;
  readonly logPriorKnown: Float64Array;
}

function table(target: TargetState, column: Int32Array, size: number, other: TargetState | null): Table {
  const K = target.coding.size;
  const counts = new Float64Array(K * size);
  const rowTotals = new Float64Array(K);
  const marginal = new Float64Array(size).fill(1e-3);
  for (let i = 0; i < column.length; i++) {
    const y = target.known[i]!;
    const v = column[i]!;
    if (y < 0 || v < 0) continue;
    counts[y * size + v] = counts[y * size + v]! + 1;
    rowTotals[y] = rowTotals[y]! + 1;
    marginal[v] = marginal[v]! + 1;
  }
  const total = marginal.reduce((s, x) => s + x, 0);
  for (let v = 0; v < size; v++) marginal[v] = marginal[v]! / total;
  const logs = new Float64Array(K * size);
  for (let y = 0; y < K; y++)
    for (let v = 0; v < size; v++)
      logs[y * size + v] = logLikelihood(counts, rowTotals, marginal, size, y, v, 0);
  return { counts, rowTotals, marginal, size, column, other, logs };
}

/** log p(v | y), leaving `self` rows (0 or the pipe's own 1) out of the counts. */
function logLikelihood(
  counts: Float64Array,
  rowTotals: Float64Array,
  marginal: Float64Array,
  size: number,
  y: number,
  v: number,
  self: number,
): number {
  const c = counts[y * size + v]! - self;
  return Math.log((c + ALPHA * marginal[v]!) / (rowTotals[y]! - self + ALPHA));
}

export function trainAttributeModel(
  target: TargetState,
  others: readonly TargetState[],
  columns: readonly Column[],
): AttributeModel {
  const K = target.coding.size;
  const priorCounts = new Float64Array(K);
  let trained = 0;
  for (const y of target.known) {
    if (y < 0) continue;
    priorCounts[y] = priorCounts[y]! + 1;
    trained++;
  }
  const prior = Float64Array.from(priorCounts, (c) => (c + 1) / (trained + K));
  const tables = [
    ...others.map((o) => table(target, o.known, o.coding.size, o)),
    ...columns.map((c) => table(target, c.values, c.size, null)),
  ];
  const logPriorOf = (known: number, y: number, self: number) =>
    Math.log((priorCounts[y]! - self + 1) / (trained - known + K));
  const logPriorUnknown = Float64Array.from(priorCounts, (_, y) => logPriorOf(0, y, 0));
  const logPriorKnown = Float64Array.from(priorCounts, (_, y) => logPriorOf(1, y, 0));
  return { prior, priorCounts, trained, tables, logPriorUnknown, logPriorKnown };
}

/**
 * Σ_f log p(x_f | y) for each class y of pipe i, into out (length K). Leaves pipe i's own row out of
 * the counts when its target is known.
 */
export function attributeEvidence(
  model: AttributeModel,
  target: TargetState,
  i: number,
  out: Float64Array,
): void {
  const K = out.length;
  const own = target.known[i]!;
  out.fill(0);
  for (const t of model.tables) {
    const v = t.column[i]!;
    if (v >= 0) {
      for (let y = 0; y < K; y++) {
        const log =
          y === own
            ? logLikelihood(t.counts, t.rowTotals, t.marginal, t.size, y, v, 1)
            : t.logs[y * t.size + v]!;
        out[y] = out[y]! + log;
      }
    } else if (t.other?.soft) {
      const V = t.size;
      const q = t.other.posterior;
      for (let y = 0; y < K; y++) {
        let p = 0;
        for (let u = 0; u < V; u++) {
          const w = q[i * V + u]!;
          if (w > 1e-6)
            p += (w * (t.counts[y * V + u]! + ALPHA * t.marginal[u]!)) / (t.rowTotals[y]! + ALPHA);
        }
        out[y] = out[y]! + Math.log(p);
      }
    }
  }
}

/** log prior(y), leaving pipe i out when its target is known. */
export function logPrior(model: AttributeModel, target: TargetState, i: number, out: Float64Array): void {
  const K = out.length;
  const own = target.known[i]!;
  if (own < 0) {
    out.set(model.logPriorUnknown);
    return;
  }
  out.set(model.logPriorKnown);
  out[own] = Math.log((model.priorCounts[own]! - 1 + 1) / (model.trained - 1 + K));
}
