// The sampling test of virtual pipes (spec 001 §7 sampling_test): a stratified random sample of imputed pipes the
// utility verifies in the field, and the accuracy of imputation on the verified ones with a confidence interval.
// Pure functions: the seed is an argument (STYLE.md), so a sample can be drawn again and audited.
import { mulberry32 } from '@pipewise/engine';

export interface SampleCandidate {
  id: number;
  /** The pipe's stratum: which of its attributes are imputed, e.g. "diameter+install_year". */
  stratum: string;
}

/**
 * Proportional allocation over the strata by largest remainder, at least one pipe from every stratum while the
 * size allows it (a rare combination of imputed attributes is still tested), then a seeded partial Fisher–Yates
 * shuffle within each stratum. Candidates are ordered by id first, so the same seed over the same pipes draws
 * the same sample whatever order the database returned them in.
 */
export function stratifiedSample(candidates: readonly SampleCandidate[], size: number, seed: number) {
  const strata = new Map<string, number[]>();
  for (const c of [...candidates].sort((a, b) => a.id - b.id)) {
    strata.set(c.stratum, [...(strata.get(c.stratum) ?? []), c.id]);
  }
  const total = candidates.length;
  const n = Math.min(size, total);
  const names = [...strata.keys()].sort();
  const quota = new Map(names.map((s) => [s, 0]));
  if (n >= names.length) for (const s of names) quota.set(s, 1);
  let left = n - [...quota.values()].reduce((a, b) => a + b, 0);
  // Largest remainder of the proportional share beyond the guaranteed one, capped by the stratum's size.
  const share = names
    .map((s) => ({ s, exact: (strata.get(s)!.length / total) * n - quota.get(s)! }))
    .sort(
      (a, b) => b.exact - Math.floor(b.exact) - (a.exact - Math.floor(a.exact)) || a.s.localeCompare(b.s),
    );
  for (const { s, exact } of share) {
    const add = Math.min(Math.max(0, Math.floor(exact)), left, strata.get(s)!.length - quota.get(s)!);
    quota.set(s, quota.get(s)! + add);
    left -= add;
  }
  while (left > 0) {
    for (const { s } of share) {
      if (left > 0 && quota.get(s)! < strata.get(s)!.length) {
        quota.set(s, quota.get(s)! + 1);
        left--;
      }
    }
  }
  const random = mulberry32(seed);
  const picked: number[] = [];
  const counts: Record<string, number> = {};
  for (const s of names) {
    const ids = [...strata.get(s)!];
    const k = quota.get(s)!;
    for (let i = 0; i < k; i++) {
      const j = i + Math.floor(random() * (ids.length - i));
      [ids[i], ids[j]] = [ids[j]!, ids[i]!];
    }
    picked.push(...ids.slice(0, k));
    counts[s] = k;
  }
  return { pipeIds: picked.sort((a, b) => a - b), strata: counts };
}

/** z of the two-sided 95 % normal interval. */
const Z95 = 1.959964;

/**
 * Wilson score interval of a proportion (Wilson 1927): unlike the normal (Wald) interval it stays inside [0, 1]
 * and is honest for the small samples a field verification yields (at 10 of 10 correct, Wald claims [1, 1]).
 */
export function wilsonInterval(correct: number, n: number, z = Z95): { low: number; high: number } {
  if (n === 0) return { low: 0, high: 1 };
  const p = correct / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}
