// Proposes which column feeds which target field: exact synonym (0.9), synonym contained in the name (0.6), each
// nudged by what the sample values look like (years, diameters, dates). The user confirms in the dialog.
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
): MappingSuggestion[] {
  const taken = new Set<string>();
  const out: MappingSuggestion[] = [];
  for (const field of TARGET_FIELDS[kind]) {
    let best: MappingSuggestion | null = null;
    for (const column of columns) {
      if (taken.has(column)) continue;
      const confidence = nameScore(field, column) * valueFactor(field, values(column, sampleRows));
      if (confidence > 0.3 && (best === null || confidence > best.confidence))
        best = { field, column, confidence: round(confidence) };
    }
    if (best) {
      out.push(best);
      taken.add(best.column);
    }
  }
  return out;
}

function nameScore(field: TargetField, column: string): number {
  const name = normaliseColumn(column);
  const synonyms = SYNONYMS[field];
  const exact = synonyms.indexOf(name);
  // Earlier synonyms are the more specific ones; a small penalty by rank breaks ties (WATMAINID before OBJECTID).
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
      return 1;
  }
}

const round = (x: number) => Math.round(x * 100) / 100;
