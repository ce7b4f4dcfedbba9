// Which pipe attributes the LOF model is offered. Road type and pressure zone when present; of the other
// source columns, numbers as numeric features and text (or booleans) as categories, except columns that
// identify rather than describe (ids, names, addresses, mostly-unique text) and columns that would leak
// the target (break counts, condition or criticality scores refreshed after breaks: lof/analysis.ts notes).
import type { LofAttributeSpec } from '../lof/types.ts';
import type { DatasetPipe } from './types.ts';

export type AttributeValue = number | string | null;

export interface LofAttributes {
  readonly specs: readonly LofAttributeSpec[];
  /** Per pipe, in input order. */
  readonly values: readonly Readonly<Record<string, AttributeValue>>[];
}

const IDENTIFYING = /(^|_|\b)(id|gid|fid|uuid|objectid|name|address|street|comment|notes?|label|geom)$/i;
const LEAKING = /break|fail|leak|repair|condition|critical|score|rank|risk|^lof|^cof|^bre|^rul/i;
/** A column must be filled on this share of pipes to be worth a feature. */
const MIN_COVERAGE = 0.1;
/** Text with more distinct values than this share of its filled rows is an identifier, not a category. */
const MAX_DISTINCT_SHARE = 0.5;

function attributeValue(value: unknown): AttributeValue | undefined {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return String(value);
  return undefined;
}

export function lofAttributes(pipes: readonly DatasetPipe[]): LofAttributes {
  const columns = new Map<string, AttributeValue[]>();
  const column = (name: string) => {
    let values = columns.get(name);
    if (values === undefined)
      columns.set(name, (values = new Array<AttributeValue>(pipes.length).fill(null)));
    return values;
  };
  const unusable = new Set<string>();
  pipes.forEach((p, i) => {
    if (p.roadType !== null) column('roadType')[i] = p.roadType;
    if (p.pressureZone !== null) column('pressureZone')[i] = p.pressureZone;
    for (const [name, raw] of Object.entries(p.attrs)) {
      if (name === 'roadType' || name === 'pressureZone' || IDENTIFYING.test(name) || LEAKING.test(name))
        continue;
      const value = attributeValue(raw);
      if (value === undefined) unusable.add(name);
      else column(name)[i] = value;
    }
  });
  const specs: LofAttributeSpec[] = [];
  for (const [name, values] of [...columns].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (unusable.has(name)) continue;
    const kind = kindOf(values);
    if (kind !== null) specs.push({ name, kind });
  }
  const kept = new Set(specs.map((s) => s.name));
  const values = pipes.map((_, i) => {
    const row: Record<string, AttributeValue> = {};
    for (const name of kept) row[name] = columns.get(name)![i]!;
    return row;
  });
  return { specs, values };
}

function kindOf(values: readonly AttributeValue[]): LofAttributeSpec['kind'] | null {
  const filled = values.filter((v) => v !== null);
  if (filled.length < MIN_COVERAGE * values.length) return null;
  const distinct = new Set(filled).size;
  if (distinct < 2) return null;
  if (filled.every((v) => typeof v === 'number')) return 'numeric';
  if (filled.some((v) => typeof v === 'number')) return null;
  return distinct <= Math.max(2, MAX_DISTINCT_SHARE * filled.length) ? 'categorical' : null;
}
