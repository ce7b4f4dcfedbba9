// Features of a pipe as of a cutoff year. Only breaks strictly before the cutoff are read, so a break
// after it can never change a feature (no leakage; tested). `agedYears` moves the pipe forward in time
// without new history: used to age a pipe in the model (LOF horizons, RUL).
//
// Missing install year / diameter: imputed with the training median and flagged (installYearMissing,
// diameterMissing), so the trees can treat those pipes apart instead of trusting the imputed value.
// Years since the last break is capped at YEARS_SINCE_BREAK_CAP; for a pipe never broken it is the
// break-free time observed (since install or since the record began, whichever is later), with neverBroken.
import { countBelow, countBetween, type BreakHistory } from './history.ts';
import { addCalendarYears } from './time.ts';
import type { LofAttributeSpec, LofPipe } from './types.ts';

export const YEARS_SINCE_BREAK_CAP = 50;
export const RECENT_WINDOW_YEARS = 5;
export const MISSING_CATEGORY = '';

export type FeatureKind = 'numeric' | 'categorical';
export interface FeatureSpec {
  readonly name: string;
  readonly kind: FeatureKind;
}
export type FeatureColumn = Float64Array | string[];
export interface FeatureFrame {
  readonly specs: readonly FeatureSpec[];
  readonly columns: readonly FeatureColumn[];
  /** Row → index into the pipes array. */
  readonly pipeIndex: Uint32Array;
}

/** Fitted once on the training pipes and reused at scoring, so imputations agree. */
export interface FeatureContext {
  readonly medianInstallYear: number;
  readonly medianDiameterMm: number;
  /** Start of the break record (decimal year): history before it is unknown. */
  readonly recordStartYear: number;
  readonly attributes: readonly LofAttributeSpec[];
  readonly attributeMedians: Readonly<Record<string, number>>;
}

export const BASE_FEATURES: readonly FeatureSpec[] = [
  { name: 'ageYears', kind: 'numeric' },
  { name: 'installYear', kind: 'numeric' },
  { name: 'installYearMissing', kind: 'numeric' },
  { name: 'material', kind: 'categorical' },
  { name: 'diameterMm', kind: 'numeric' },
  { name: 'diameterMissing', kind: 'numeric' },
  { name: 'lengthM', kind: 'numeric' },
  { name: 'previousBreaks', kind: 'numeric' },
  { name: 'recentBreaks5y', kind: 'numeric' },
  { name: 'yearsSinceLastBreak', kind: 'numeric' },
  { name: 'neverBroken', kind: 'numeric' },
];

export const ATTRIBUTE_PREFIX = 'attr:';

export function featureSpecs(ctx: FeatureContext): FeatureSpec[] {
  return [
    ...BASE_FEATURES,
    ...ctx.attributes.map((a) => ({ name: ATTRIBUTE_PREFIX + a.name, kind: a.kind })),
  ];
}

function median(values: number[], fallback: number): number {
  if (values.length === 0) return fallback;
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

export function fitFeatureContext(
  pipes: readonly LofPipe[],
  recordStartYear: number,
  attributes: readonly LofAttributeSpec[] = [],
): FeatureContext {
  const attributeMedians: Record<string, number> = {};
  for (const a of attributes.filter((x) => x.kind === 'numeric')) {
    attributeMedians[a.name] = median(pipes.map((p) => p.attributes?.[a.name]).filter(isNumber), 0);
  }
  return {
    medianInstallYear: median(pipes.map((p) => p.installYear).filter(isNumber), 1970),
    medianDiameterMm: median(
      pipes.map((p) => p.diameterMm).filter((d): d is number => isNumber(d) && d > 0),
      150,
    ),
    recordStartYear,
    attributes,
    attributeMedians,
  };
}

export interface FrameOptions {
  readonly cutoffYear: number;
  readonly agedYears?: number;
  /** Rows to build (indices into pipes); default every pipe. */
  readonly pipeIndices?: Uint32Array;
}

/** The ageYears feature of a pipe laid in `installYear`, at `atYear`. */
export const ageAt = (atYear: number, installYear: number): number => Math.max(0, atYear - installYear);

/**
 * The yearsSinceLastBreak feature: since the last of the pipe's `before` breaks, or for a pipe never broken the
 * break-free time observed (since its install year, null when unknown, or the record's start, whichever is later).
 */
export function yearsSinceLastBreak(
  ctx: Pick<FeatureContext, 'recordStartYear'>,
  years: Float64Array,
  before: number,
  atYear: number,
  installYear: number | null,
): number {
  const observedFrom = Math.max(ctx.recordStartYear, installYear ?? ctx.recordStartYear);
  const since = before > 0 ? atYear - years[before - 1]! : atYear - observedFrom;
  return Math.min(YEARS_SINCE_BREAK_CAP, Math.max(0, since));
}

export function buildFrame(
  pipes: readonly LofPipe[],
  history: BreakHistory,
  ctx: FeatureContext,
  options: FrameOptions,
): FeatureFrame {
  const { cutoffYear } = options;
  const atYear = cutoffYear + (options.agedYears ?? 0);
  // Calendar years back, so a break on 1 January (a year-only date) is in or out the same way at every cutoff.
  const recentFrom = addCalendarYears(cutoffYear, -RECENT_WINDOW_YEARS);
  const pipeIndex = options.pipeIndices ?? Uint32Array.from(pipes.keys());
  const n = pipeIndex.length;
  const specs = featureSpecs(ctx);
  const num = () => new Float64Array(n);
  const [age, vintage, vintageMissing, diameter, diameterMissing, length] = [
    num(),
    num(),
    num(),
    num(),
    num(),
    num(),
  ];
  const [previous, recent, sinceLast, never] = [num(), num(), num(), num()];
  const material: string[] = new Array<string>(n);
  const attrColumns: FeatureColumn[] = ctx.attributes.map((a) =>
    a.kind === 'numeric' ? num() : new Array<string>(n),
  );
  for (let r = 0; r < n; r++) {
    const p = pipes[pipeIndex[r]!]!;
    const hasYear = isNumber(p.installYear);
    const installYear = hasYear ? p.installYear! : ctx.medianInstallYear;
    age[r] = ageAt(atYear, installYear);
    vintage[r] = installYear;
    vintageMissing[r] = hasYear ? 0 : 1;
    const hasDiameter = isNumber(p.diameterMm) && p.diameterMm > 0;
    diameter[r] = hasDiameter ? p.diameterMm! : ctx.medianDiameterMm;
    diameterMissing[r] = hasDiameter ? 0 : 1;
    length[r] = p.lengthM;
    material[r] = p.material == null ? MISSING_CATEGORY : String(p.material);
    const years = history.yearsByPipe[pipeIndex[r]!]!;
    const before = countBelow(years, cutoffYear);
    previous[r] = before;
    recent[r] = countBetween(years, recentFrom, cutoffYear);
    sinceLast[r] = yearsSinceLastBreak(ctx, years, before, atYear, hasYear ? installYear : null);
    never[r] = before > 0 ? 0 : 1;
    ctx.attributes.forEach((a, j) => {
      const v = p.attributes?.[a.name];
      const column = attrColumns[j]!;
      if (column instanceof Float64Array) column[r] = isNumber(v) ? v : ctx.attributeMedians[a.name]!;
      else column[r] = v == null ? MISSING_CATEGORY : String(v);
    });
  }
  const columns: FeatureColumn[] = [
    age,
    vintage,
    vintageMissing,
    material,
    diameter,
    diameterMissing,
    length,
  ];
  columns.push(previous, recent, sinceLast, never, ...attrColumns);
  return { specs, columns, pipeIndex };
}
