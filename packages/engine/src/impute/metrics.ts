// Scores of imputed values against the truth: accuracy, multi-class log-loss and Brier score of the
// likelihood maps, and calibration as the expected calibration error of the top category (10 equal-width
// confidence bins, Guo et al. 2017) with its reliability table. Install years also get MAE and the
// shares within ±5 and ±10 years.

export interface Scored {
  readonly truth: number;
  readonly estimate: number;
  /** Category label of the truth in the likelihood map. */
  readonly truthLabel: string;
  readonly likelihood: Readonly<Record<string, number>>;
}

export interface ReliabilityBin {
  readonly from: number;
  readonly count: number;
  readonly meanConfidence: number;
  readonly accuracy: number;
}

export interface CategoryMetrics {
  readonly count: number;
  /** Exact value (material, diameter) or year-bin hit of the most likely category (install year). */
  readonly accuracy: number;
  readonly logLoss: number;
  readonly brier: number;
  readonly ece: number;
  readonly reliability: readonly ReliabilityBin[];
  readonly maeYears?: number;
  readonly within5Years?: number;
  readonly within10Years?: number;
}

const P_FLOOR = 1e-6;
const BINS = 10;

function topLabel(likelihood: Readonly<Record<string, number>>): [string, number] {
  let best: [string, number] = ['', -1];
  for (const [label, p] of Object.entries(likelihood)) if (p > best[1]) best = [label, p];
  return best;
}

export function scoreCategorical(rows: readonly Scored[], years = false): CategoryMetrics {
  const count = rows.length;
  let hits = 0;
  let logLoss = 0;
  let brier = 0;
  let absError = 0;
  let within5 = 0;
  let within10 = 0;
  const bins = Array.from({ length: BINS }, () => ({ count: 0, confidence: 0, hits: 0 }));
  for (const r of rows) {
    const [label, confidence] = topLabel(r.likelihood);
    const hit = years ? label === r.truthLabel : r.estimate === r.truth;
    hits += hit ? 1 : 0;
    logLoss -= Math.log(Math.max(P_FLOOR, r.likelihood[r.truthLabel] ?? 0));
    let b = 0;
    for (const [l, p] of Object.entries(r.likelihood)) b += l === r.truthLabel ? (1 - p) ** 2 : p * p;
    if (!(r.truthLabel in r.likelihood)) b += 1;
    brier += b;
    const bin = bins[Math.min(BINS - 1, Math.floor(confidence * BINS))]!;
    bin.count++;
    bin.confidence += confidence;
    bin.hits += label === r.truthLabel ? 1 : 0;
    const error = Math.abs(r.estimate - r.truth);
    absError += error;
    within5 += error <= 5 ? 1 : 0;
    within10 += error <= 10 ? 1 : 0;
  }
  const reliability = bins.map((b, i) => ({
    from: i / BINS,
    count: b.count,
    meanConfidence: b.count ? b.confidence / b.count : 0,
    accuracy: b.count ? b.hits / b.count : 0,
  }));
  const ece = reliability.reduce(
    (s, b) => s + (b.count / Math.max(1, count)) * Math.abs(b.accuracy - b.meanConfidence),
    0,
  );
  const per = (x: number) => (count ? x / count : 0);
  return {
    count,
    accuracy: per(hits),
    logLoss: per(logLoss),
    brier: per(brier),
    ece,
    reliability,
    ...(years ? { maeYears: per(absError), within5Years: per(within5), within10Years: per(within10) } : {}),
  };
}
