// Likelihood-of-failure aggregation for a segment. A segment is out of service if any member pipe
// breaks; with independent pipes P(segment) = 1 − Π(1 − lof_i). Summed in log space (log1p) so many
// small probabilities do not lose precision.
import { LOF_MONTHS, type LofMonths } from '@pipewise/domain';

/** LOF horizons in months, the spec's 1, 2, 3 and 5 years (000 §9), defined once in the domain package. */
export const LOF_HORIZONS_MONTHS = LOF_MONTHS;
export type LofHorizon = LofMonths;
export type ByHorizon<T> = Readonly<Record<LofHorizon, T>>;

export class LofAccumulator {
  private readonly logSurvival = [0, 0, 0, 0];
  private readonly expectedBreaks = [0, 0, 0, 0];

  add(
    lof: Partial<ByHorizon<number>> | undefined,
    lofAbsolute: Partial<ByHorizon<number>> | undefined,
  ): void {
    LOF_HORIZONS_MONTHS.forEach((h, i) => {
      const p = lof?.[h];
      if (p !== undefined && p > 0) this.logSurvival[i]! += p >= 1 ? -Infinity : Math.log1p(-p);
      this.expectedBreaks[i]! += lofAbsolute?.[h] ?? 0;
    });
  }

  /** Probability that at least one member pipe breaks within each horizon. */
  lof(): ByHorizon<number> {
    const [a, b, c, d] = this.logSurvival.map((s) => (s === 0 ? 0 : -Math.expm1(s)));
    return { 12: a!, 24: b!, 36: c!, 60: d! };
  }

  /** Expected breaks per km of pipe; null for a segment without pipe length. */
  breaksPerKm(lengthM: number): ByHorizon<number | null> {
    const [a, b, c, d] = this.expectedBreaks.map((e) => (lengthM > 0 ? e / (lengthM / 1000) : null));
    return { 12: a!, 24: b!, 36: c!, 60: d! };
  }
}
