// The 95 % interval of a year's break count when the expected count is μ. Were breaks independent, the count would
// be Poisson(μ); but real yearly counts swing with the winters more than that (Kitchener: variance 4–6× the mean,
// backcast in README.md), so the interval takes the over-dispersion φ = variance ÷ mean the utility's own yearly
// counts show (`yearlyDispersion`) and is that of a negative binomial count with mean μ and variance φμ. φ = 1 is
// the Poisson interval.

/**
 * Smallest k with P(X ≤ k) ≥ p, X of mean μ and variance φμ (negative binomial; Poisson when φ = 1). The pmf is
 * summed from k = 0 in log space (its first terms underflow for a network's thousands of breaks), O(μ) steps.
 * Poisson: P(k) = P(k−1)·μ/k; negative binomial with r = μ/(φ−1), q = 1 − 1/φ: P(0) = φ^−r, P(k) = P(k−1)·(k−1+r)/k·q.
 */
export function countQuantile(mean: number, p: number, dispersion = 1): number {
  if (!(mean > 0)) return 0;
  const phi = Math.max(1, dispersion);
  const poisson = phi === 1;
  const r = poisson ? 0 : mean / (phi - 1);
  const logQ = Math.log(1 - 1 / phi);
  const logP = Math.log(p);
  let k = 0;
  let logTerm = poisson ? -mean : -r * Math.log(phi);
  let logCumulative = logTerm;
  const cap = 20 * phi * mean + 100;
  while (logCumulative < logP && k < cap) {
    k += 1;
    logTerm += poisson ? Math.log(mean / k) : Math.log((k - 1 + r) / k) + logQ;
    // log(e^a + e^b) without leaving the range of a double.
    const [hi, lo] = logCumulative > logTerm ? [logCumulative, logTerm] : [logTerm, logCumulative];
    logCumulative = hi + Math.log1p(Math.exp(lo - hi));
  }
  return k;
}

export const countInterval95 = (mean: number, dispersion = 1): [number, number] => [
  countQuantile(mean, 0.025, dispersion),
  countQuantile(mean, 0.975, dispersion),
];

/**
 * φ of a utility's yearly break counts: Pearson's χ² around a straight-line trend (a network getting worse is not
 * over-dispersion) over its degrees of freedom, at least 1. Fewer than four years say nothing: 1.
 */
export function yearlyDispersion(counts: readonly number[]): number {
  const n = counts.length;
  if (n < 4) return 1;
  const xs = counts.map((_, i) => i - (n - 1) / 2);
  const mean = counts.reduce((s, c) => s + c, 0) / n;
  const sxx = xs.reduce((s, x) => s + x * x, 0);
  const slope = xs.reduce((s, x, i) => s + x * counts[i]!, 0) / sxx;
  let chi2 = 0;
  counts.forEach((c, i) => {
    const fitted = Math.max(0.5, mean + slope * xs[i]!);
    chi2 += (c - fitted) ** 2 / fitted;
  });
  return Math.max(1, chi2 / (n - 2));
}
