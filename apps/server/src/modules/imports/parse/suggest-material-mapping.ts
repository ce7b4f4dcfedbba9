// Raw material values → MATERIAL codes: exact synonym first, then a cohort code (a synonym plus a suffix: 'CI-C3',
// 'PE100', 'Ductile Iron CL52'), then a synonym (4+ characters) inside the value ('Gusseisen duktil'). What matches
// nothing is listed with its count for the user to map by hand. A cohort code's suffix is kept on the pipe as the
// attribute MATERIAL_COHORT_ATTR (import-rows.ts), which the user may choose as a risk factor.
import { MATERIAL, MATERIAL_SHORT_LABELS, type MaterialCode } from '@pipewise/domain';
import {
  MATERIAL_NOISE_WORDS,
  MATERIAL_SYNONYMS,
  type MaterialName,
  normaliseMaterial,
} from './material-synonyms.ts';

export interface MaterialMapping {
  /** Raw value (trimmed, as in the file) → code. */
  readonly mapped: ReadonlyMap<
    string,
    {
      readonly code: MaterialCode;
      readonly name: MaterialName;
      readonly count: number;
      /** The suffix of a cohort code ('C3' of 'CI-C3'), else null. */
      readonly cohort: string | null;
    }
  >;
  /** Values no synonym matched, most frequent first. */
  readonly unmapped: ReadonlyArray<{ readonly value: string; readonly count: number }>;
}

export interface MaterialReading {
  readonly name: MaterialName;
  /** What follows the material name in a cohort code, as written ('C3', 'HP', '1950', 'SDR11'); else null. */
  readonly cohort: string | null;
}

const NAMES = Object.keys(MATERIAL) as MaterialName[];
const EXACT = new Map<string, MaterialName>();
const learn = (word: string, name: MaterialName) => {
  const key = normaliseMaterial(word);
  if (key !== '' && !EXACT.has(key)) EXACT.set(key, name);
};
for (const [name, words] of MATERIAL_SYNONYMS) for (const w of words) learn(w, name);
// Pipewise's own names and short labels ('CAST_IRON', 'CAS', 'SP', 'CON'), as its exports write them.
for (const name of NAMES) {
  learn(name, name);
  learn(MATERIAL_SHORT_LABELS[MATERIAL[name]], name);
}
const CONTAINED = MATERIAL_SYNONYMS.map(
  ([name, words]) => [name, words.map(normaliseMaterial)] as [MaterialName, string[]],
);
const NOISE = new Set(MATERIAL_NOISE_WORDS.map(normaliseMaterial));
/** Runs of letters or of digits: 'HDPE-SDR11' → HDPE, SDR, 11; a name may end at any of them. */
const TOKEN = /[\p{L}\p{M}]+|\p{N}+/gu;

/** The longest leading run of tokens that is a synonym, and what follows it less noise words. */
function cohortReading(raw: string): MaterialReading | null {
  const tokens = [...raw.matchAll(TOKEN)];
  for (let n = tokens.length - 1; n >= 1; n--) {
    const last = tokens[n - 1]!;
    const name = EXACT.get(normaliseMaterial(raw.slice(0, last.index + last[0].length)));
    if (!name) continue;
    let rest = n;
    while (rest < tokens.length && NOISE.has(normaliseMaterial(tokens[rest]![0]))) rest++;
    if (rest === tokens.length) return { name, cohort: null };
    const cohort = raw
      .slice(tokens[rest]!.index)
      .replace(/[^\p{L}\p{M}\p{N}]+$/u, '')
      .replace(/\s+/g, ' ');
    return { name, cohort };
  }
  return null;
}

function readingOf(raw: string): MaterialReading | null {
  const key = normaliseMaterial(raw);
  if (key === '') return null;
  const exact = EXACT.get(key);
  if (exact) return { name: exact, cohort: null };
  const cohort = cohortReading(raw.trim());
  if (cohort) return cohort;
  for (const [name, words] of CONTAINED)
    if (words.some((w) => w.length >= 4 && key.includes(w))) return { name, cohort: null };
  // CJK names are short but distinctive: '鋳鉄' inside 'ダクタイル鋳鉄' was taken above by the order of the table.
  for (const [name, words] of CONTAINED)
    if (words.some((w) => /\P{ASCII}/u.test(w) && key.includes(w))) return { name, cohort: null };
  return null;
}

// A column has few distinct values and the import reads it once per row: remember the readings (bounded).
const READINGS = new Map<string, MaterialReading | null>();
const MAX_READINGS = 10_000;

/** The material a raw value names, and the suffix of a cohort code; null when nothing matches. */
export function readMaterial(raw: string): MaterialReading | null {
  const known = READINGS.get(raw);
  if (known !== undefined) return known;
  const reading = readingOf(raw);
  if (READINGS.size >= MAX_READINGS) READINGS.clear();
  READINGS.set(raw, reading);
  return reading;
}

export function materialOf(raw: string): MaterialName | null {
  return readMaterial(raw)?.name ?? null;
}

/** The cohort suffix of a raw material value ('CI-C3' → 'C3'), null when it is no cohort code. */
export function materialCohortOf(raw: string): string | null {
  return readMaterial(raw)?.cohort ?? null;
}

export function suggestMaterialMapping(values: Iterable<unknown>): MaterialMapping {
  const counts = new Map<string, number>();
  for (const v of values) {
    if (v === null || v === undefined) continue;
    const raw = String(v).trim();
    if (raw !== '') counts.set(raw, (counts.get(raw) ?? 0) + 1);
  }
  const mapped = new Map<
    string,
    { code: MaterialCode; name: MaterialName; count: number; cohort: string | null }
  >();
  const unmapped: { value: string; count: number }[] = [];
  for (const [value, count] of counts) {
    const reading = readMaterial(value);
    if (reading) mapped.set(value, { code: MATERIAL[reading.name], ...reading, count });
    else unmapped.push({ value, count });
  }
  unmapped.sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  return { mapped, unmapped };
}
