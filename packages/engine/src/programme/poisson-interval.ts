// The 95 % interval of a year's break count when the expected count is μ: a sum of independent Poisson counts is
// Poisson(μ), so the interval is its 2.5 % and 97.5 % quantiles. It is the spread of the count the model itself
// implies (a year's weather moves real counts more: the report says the interval is the model's).

const Z_975 = 1.959963984540054;
/** Above this mean the normal approximation with continuity correction is within one break of the exact quantile. */
const EXACT_UP_TO = 500;

/** Smallest k with P(X ≤ k) ≥ p for X ~ Poisson(μ); p is 0.025 or 0.975 past EXACT_UP_TO. */
export function poissonQuantile(mean: number, p: number): number {
  if (!(mean > 0)) return 0;
  if (mean > EXACT_UP_TO) {
    // P(X ≤ k) ≈ Φ((k + ½ − μ) / √μ) ≥ p: the smallest such k.
    const z = p < 0.5 ? -Z_975 : Z_975;
    return Math.max(0, Math.ceil(mean + z * Math.sqrt(mean) - 0.5));
  }
  // Sum the pmf in log space from 0; the pmf of k = 0 underflows only past EXACT_UP_TO.
  let k = 0;
  let term = Math.exp(-mean);
  let cumulative = term;
  while (cumulative < p && k < 10 * mean + 100) {
    k += 1;
    term *= mean / k;
    cumulative += term;
  }
  return k;
}

export const poissonInterval95 = (mean: number): [number, number] => [
  poissonQuantile(mean, 0.025),
  poissonQuantile(mean, 0.975),
];
