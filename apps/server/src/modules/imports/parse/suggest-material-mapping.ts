// Raw material values → MATERIAL codes: exact synonym first, then a synonym (4+ characters) inside the value
// ('DUCTILE IRON CL52' → DUCTILE_IRON). What matches nothing is listed with its count for the user to map by hand.
import { MATERIAL, type MaterialCode } from '@pipewise/domain';
import { MATERIAL_SYNONYMS, type MaterialName, normaliseMaterial } from './material-synonyms.ts';

export interface MaterialMapping {
  /** Raw value (trimmed, as in the file) → code. */
  readonly mapped: ReadonlyMap<
    string,
    { readonly code: MaterialCode; readonly name: MaterialName; readonly count: number }
  >;
  /** Values no synonym matched, most frequent first. */
  readonly unmapped: ReadonlyArray<{ readonly value: string; readonly count: number }>;
}

const EXACT = new Map<string, MaterialName>();
for (const [name, words] of MATERIAL_SYNONYMS) for (const w of words) if (!EXACT.has(w)) EXACT.set(w, name);

export function materialOf(raw: string): MaterialName | null {
  const key = normaliseMaterial(raw);
  if (key === '') return null;
  const exact = EXACT.get(key);
  if (exact) return exact;
  for (const [name, words] of MATERIAL_SYNONYMS)
    if (words.some((w) => w.length >= 4 && key.includes(w))) return name;
  // CJK names are short but distinctive: '鋳鉄' inside 'ダクタイル鋳鉄' was taken above by the order of the table.
  for (const [name, words] of MATERIAL_SYNONYMS)
    if (words.some((w) => /\P{ASCII}/u.test(w) && key.includes(w))) return name;
  return null;
}

export function suggestMaterialMapping(values: Iterable<unknown>): MaterialMapping {
  const counts = new Map<string, number>();
  for (const v of values) {
    if (v === null || v === undefined) continue;
    const raw = String(v).trim();
    if (raw !== '') counts.set(raw, (counts.get(raw) ?? 0) + 1);
  }
  const mapped = new Map<string, { code: MaterialCode; name: MaterialName; count: number }>();
  const unmapped: { value: string; count: number }[] = [];
  for (const [value, count] of counts) {
    const name = materialOf(value);
    if (name) mapped.set(value, { code: MATERIAL[name], name, count });
    else unmapped.push({ value, count });
  }
  unmapped.sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  return { mapped, unmapped };
}
