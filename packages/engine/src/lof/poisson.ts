// Poisson deviance with a log-exposure offset: expected breaks μ = exposure(km·years) × exp(F(x)), so
// F is the log break rate per km·year. Gradient and hessian of the deviance with respect to F are
// μ − y and μ (Friedman 2001; the objective of XGBoost's count:poisson / LightGBM's poisson).

/** Mean Poisson deviance 2·mean(y·log(y/μ) − (y − μ)). */
export function meanPoissonDeviance(y: ArrayLike<number>, mu: ArrayLike<number>): number {
  if (y.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < y.length; i++) {
    const yi = y[i]!;
    const m = Math.max(mu[i]!, 1e-12);
    sum += (yi > 0 ? yi * Math.log(yi / m) : 0) - (yi - m);
  }
  return (2 * sum) / y.length;
}

/** Gradients and hessians from the current expected counts μ (optionally weighted), of `rows` or of every row. */
export function poissonGradients(
  y: Float64Array,
  mu: Float64Array,
  grad: Float64Array,
  hess: Float64Array,
  weight?: Float64Array,
  rows?: Uint32Array,
): void {
  const n = rows ? rows.length : y.length;
  for (let k = 0; k < n; k++) {
    const i = rows ? rows[k]! : k;
    const w = weight ? weight[i]! : 1;
    grad[i] = w * (mu[i]! - y[i]!);
    hess[i] = w * mu[i]!;
  }
}

/** log of the pooled rate Σy / Σexposure: the best constant model. */
export function logPooledRate(y: Float64Array, exposure: Float64Array, weight?: Float64Array): number {
  let sy = 0;
  let se = 0;
  for (let i = 0; i < y.length; i++) {
    const w = weight ? weight[i]! : 1;
    sy += w * y[i]!;
    se += w * exposure[i]!;
  }
  return Math.log(Math.max(sy, 1e-3) / Math.max(se, 1e-9));
}
