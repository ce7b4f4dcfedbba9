// Which pipe attributes the LOF model is offered. Road type and pressure zone (mapped fields of known meaning) when
// present; of the other source columns only those the utility chose as risk factors at import (`featureColumns`,
// datasets.metadata.lof_features), numbers as numeric features and text (or booleans) as categories. Free columns
// are not features by default (issue 14): an undated inventory column can follow the break record (condition,
// criticality, a "shallow main" or problem flag set after breaks) and leak the future into the model and its
// backtest. A chosen column reports as a risk driver under its own name (code COLUMN_DRIVER_BASE + its position).
import { COLUMN_DRIVER_BASE } from '@pipewise/domain';
import type { LofAttributeSpec } from '../lof/types.ts';
import type { DatasetPipe } from './types.ts';

export type AttributeValue = number | string | null;

export interface LofAttributes {
  readonly specs: readonly LofAttributeSpec[];
  /** Per pipe, in input order. */
  readonly values: readonly Readonly<Record<string, AttributeValue>>[];
  /** Chosen columns the model cannot use, with the reason (said on the model card). */
  readonly unused: readonly { readonly column: string; readonly reason: string }[];
}
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

export function lofAttributes(
  pipes: readonly DatasetPipe[],
  featureColumns: readonly string[] = [],
): LofAttributes {
  const chosen = [...new Set(featureColumns)].filter((c) => c !== 'roadType' && c !== 'pressureZone');
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
    for (const name of chosen) {
      const value = attributeValue(p.attrs[name]);
      if (value === undefined) unusable.add(name);
      else column(name)[i] = value;
    }
  });
  const specs: LofAttributeSpec[] = [];
  const unused: { column: string; reason: string }[] = [];
  for (const name of ['pressureZone', 'roadType']) {
    const kind = columns.has(name) ? kindOf(columns.get(name)!) : null;
    if (kind !== null) specs.push({ name, kind });
  }
  chosen.forEach((name, k) => {
    const kind = unusable.has(name) ? null : kindOf(column(name));
    if (kind !== null) specs.push({ name, kind, driverCode: COLUMN_DRIVER_BASE + k });
    else unused.push({ column: name, reason: unusableReason(column(name), unusable.has(name)) });
  });
  const kept = new Set(specs.map((s) => s.name));
  const values = pipes.map((_, i) => {
    const row: Record<string, AttributeValue> = {};
    for (const name of kept) row[name] = columns.get(name)![i]!;
    return row;
  });
  return { specs, values, unused };
}

/**
 * One pipe's values of attributes already chosen (a stored model's specs), as lofAttributes gives them: a pipe edit
 * re-scores the pipe with the model's own attributes (pipeline/rescore.ts).
 */
export function attributeRow(
  pipe: DatasetPipe,
  specs: readonly LofAttributeSpec[],
): Record<string, AttributeValue> {
  const row: Record<string, AttributeValue> = {};
  for (const { name } of specs) {
    if (name === 'roadType') row[name] = pipe.roadType;
    else if (name === 'pressureZone') row[name] = pipe.pressureZone;
    else row[name] = attributeValue(pipe.attrs[name]) ?? null;
  }
  return row;
}

function unusableReason(values: readonly AttributeValue[], structured: boolean): string {
  if (structured) return 'its values are not numbers or text';
  const filled = values.filter((v) => v !== null);
  if (filled.length < MIN_COVERAGE * values.length)
    return `it is filled on ${filled.length} of ${values.length} pipes (at least ${100 * MIN_COVERAGE} % needed)`;
  if (new Set(filled).size < 2) return 'it has one value on every pipe';
  return 'it mixes numbers and text, or nearly every pipe has its own value (an identifier, not a category)';
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
