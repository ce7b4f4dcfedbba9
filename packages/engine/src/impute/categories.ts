// Category spaces for the three imputed attributes and the covariates. Install year is categorical by
// era bins (a likelihood per bin, spec §3) with a point estimate inside the bin; diameters are the
// nominal sizes present in the data (an import in inches and one in mm have different sets); materials
// are the 11 codes of the spec. Covariates: length (log-spaced quantile bins) and each extra attribute
// (its values as categories, rare ones pooled).
import { MATERIAL } from '@pipewise/domain';
import type { AttributeValue, ImputePipe } from './types.ts';

export interface TargetCoding {
  readonly size: number;
  readonly labels: readonly string[];
  /** Category of a value; −1 for null. */
  readonly encode: (value: number | null) => number;
  /** A typical value of a category (bin mean year, nominal size, code). */
  readonly representative: readonly number[];
}

export interface Column {
  readonly values: Int32Array;
  readonly size: number;
}

const MAX_DIAMETERS = 24;
const MAX_LEVELS = 40;
const LENGTH_BINS = 8;

export function yearCoding(years: readonly number[], binYears: number): TargetCoding {
  const finite = years.filter(Number.isFinite);
  // A loop, not Math.min(...years): spreading 100k arguments can overflow the stack.
  let min = finite.length ? Infinity : 1900;
  let hi = finite.length ? -Infinity : 2000;
  for (const y of finite) [min, hi] = [Math.min(min, y), Math.max(hi, y)];
  const lo = Math.floor(min / binYears) * binYears;
  const size = Math.floor((hi - lo) / binYears) + 1;
  const encode = (v: number | null) =>
    v === null ? -1 : Math.min(size - 1, Math.max(0, Math.floor((v - lo) / binYears)));
  const sum = new Float64Array(size);
  const count = new Float64Array(size);
  for (const y of finite) {
    const k = encode(y);
    sum[k] = sum[k]! + y;
    count[k] = count[k]! + 1;
  }
  const representative = Array.from({ length: size }, (_, k) =>
    count[k]! > 0 ? Math.round(sum[k]! / count[k]!) : lo + k * binYears + Math.floor(binYears / 2),
  );
  const labels = Array.from({ length: size }, (_, k) => String(lo + k * binYears));
  return { size, labels, encode, representative };
}

export function materialCoding(): TargetCoding {
  const codes = Object.values(MATERIAL).sort((a, b) => a - b);
  return {
    size: codes.length,
    labels: codes.map(String),
    encode: (v) => (v === null ? -1 : codes.indexOf(v as (typeof codes)[number])),
    representative: codes,
  };
}

export function diameterCoding(diameters: readonly number[]): TargetCoding {
  const counts = new Map<number, number>();
  for (const d of diameters) {
    const r = Math.round(d * 10) / 10;
    counts.set(r, (counts.get(r) ?? 0) + 1);
  }
  const kept = [...counts]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, MAX_DIAMETERS)
    .map(([d]) => d)
    .sort((a, b) => a - b);
  if (kept.length === 0) kept.push(150);
  const encode = (v: number | null) => {
    if (v === null) return -1;
    let best = 0;
    for (let k = 1; k < kept.length; k++) if (Math.abs(kept[k]! - v) < Math.abs(kept[best]! - v)) best = k;
    return best;
  };
  return { size: kept.length, labels: kept.map(String), encode, representative: kept };
}

/** Log-length quantile bins: length tells mains (long runs) from short connections. */
export function lengthColumn(pipes: readonly ImputePipe[]): Column {
  const logs = pipes.map((p) => Math.log1p(Math.max(0, p.lengthM || 0)));
  const sorted = [...logs].sort((a, b) => a - b);
  const edges = Array.from(
    { length: LENGTH_BINS - 1 },
    (_, i) => sorted[Math.floor(((i + 1) * sorted.length) / LENGTH_BINS)] ?? 0,
  );
  const values = Int32Array.from(logs, (x) => {
    let k = 0;
    while (k < edges.length && x > edges[k]!) k++;
    return k;
  });
  return { values, size: LENGTH_BINS };
}

/** One column per extra attribute: values as categories (the 40 most frequent; the rest pooled). */
export function attributeColumns(pipes: readonly ImputePipe[]): Column[] {
  const keys = [...new Set(pipes.flatMap((p) => Object.keys(p.attributes ?? {})))].sort();
  return keys.map((key) => {
    const raw: AttributeValue[] = pipes.map((p) => p.attributes?.[key] ?? null);
    const counts = new Map<string, number>();
    for (const v of raw) if (v !== null) counts.set(String(v), (counts.get(String(v)) ?? 0) + 1);
    const levels = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    const index = new Map(levels.slice(0, MAX_LEVELS).map(([v], i) => [v, i]));
    const pooled = index.size;
    const values = Int32Array.from(raw, (v) => (v === null ? -1 : (index.get(String(v)) ?? pooled)));
    return { values, size: pooled + 1 };
  });
}
