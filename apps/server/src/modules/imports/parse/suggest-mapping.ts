// Proposes which column feeds which target field: exact synonym (0.9), synonym contained in the name (0.6), each
// nudged by what the sample values look like (years, diameters, dates). The user confirms in the dialog. The best
// pairs are taken first and a column feeds one field at most (issue 16: `native_pipe_id` was the valves' id).
import { type IdLayer, ownIdScore } from './id-columns.ts';
import {
  SYNONYMS,
  TARGET_FIELDS,
  type ImportKind,
  type TargetField,
  normaliseColumn,
} from './column-synonyms.ts';

export interface MappingSuggestion {
  readonly field: TargetField;
  readonly column: string;
  /** 0..1: how sure the match is; below 0.5 the dialog should ask. */
  readonly confidence: number;
}

type Sample = Readonly<Record<string, unknown>>;

export function suggestMapping(
  kind: ImportKind,
  columns: readonly string[],
  sampleRows: readonly Sample[],
  layer: IdLayer = defaultLayer(kind),
): MappingSuggestion[] {
  const fields: readonly TargetField[] = TARGET_FIELDS[kind];
  const candidates: MappingSuggestion[] = [];
  for (const field of fields)
    for (const column of columns) {
      const confidence = nameScore(field, column, layer) * valueFactor(field, values(column, sampleRows));
      if (confidence > 0.3) candidates.push({ field, column, confidence: round(confidence) });
    }
  // Surest first; on a tie the field listed first (the id before the link to a pipe).
  candidates.sort((a, b) => b.confidence - a.confidence || fields.indexOf(a.field) - fields.indexOf(b.field));
  const taken = new Set<string>();
  const chosen = new Map<TargetField, MappingSuggestion>();
  for (const c of candidates) {
    if (taken.has(c.column) || chosen.has(c.field)) continue;
    chosen.set(c.field, c);
    taken.add(c.column);
  }
  return fields.flatMap((f) => (chosen.has(f) ? [chosen.get(f)!] : []));
}

/** The layer an import kind fills when the caller does not say (an `assets` import names its asset layer). */
function defaultLayer(kind: ImportKind): IdLayer {
  switch (kind) {
    case 'pipes':
    case 'valves':
    case 'population':
    case 'breaks':
    case 'pressures':
      return kind;
    case 'facilities':
      return 'critical_facilities';
    case 'assets':
      return 'hydrants';
  }
}

function nameScore(field: TargetField, column: string, layer: IdLayer): number {
  const name = normaliseColumn(column);
  if (field === 'nativeId') {
    const own = ownIdScore(layer, name);
    if (own !== null) return own;
  }
  const synonyms = SYNONYMS[field];
  const exact = synonyms.indexOf(name);
  // Earlier synonyms are the more specific ones; a small penalty by rank breaks ties (ASSET_ID before OBJECTID).
  if (exact >= 0) return 0.95 - Math.min(exact, 20) * 0.01;
  if (synonyms.some((s) => s.length >= 3 && name.includes(s))) return 0.6;
  return 0;
}

function values(column: string, rows: readonly Sample[]): string[] {
  return rows
    .map((r) => r[column])
    .map((v) => (v instanceof Date ? v.toISOString() : String(v ?? '').trim()))
    .filter((v) => v !== '');
}

const share = (vs: string[], test: (v: string) => boolean) =>
  vs.length === 0 ? 0.5 : vs.filter(test).length / vs.length;
const isYear = (v: string) => /^\d{4}$/.test(v) && Number(v) >= 1800 && Number(v) <= 2100;
const isNumber = (v: string) => v !== '' && Number.isFinite(Number(v));
const isDate = (v: string) => /\d{1,4}[-/.年]\d{1,2}[-/.月]\d{1,4}/.test(v) || /^\d{8}$/.test(v);

/** 1 when the values fit the field, down to 0.3 when they clearly do not. */
function valueFactor(field: TargetField, vs: string[]): number {
  const fit = (s: number) => 0.3 + 0.7 * s;
  switch (field) {
    case 'installYear':
      return fit(share(vs, isYear));
    case 'diameter':
    case 'length':
    case 'value':
    case 'x':
    case 'y':
      return fit(share(vs, isNumber));
    case 'date':
    case 'installDate':
      return fit(share(vs, isDate));
    case 'nativeId':
    case 'nativePipeId':
    case 'material':
    case 'address':
    case 'roadType':
    case 'pressureZone':
    case 'abandoned':
    case 'valveType':
    case 'normallyClosed':
    case 'operable':
    case 'facilityType':
    case 'name':
    case 'fromNode':
    case 'toNode':
    case 'node':
      return 1;
  }
}

const round = (x: number) => Math.round(x * 100) / 100;
