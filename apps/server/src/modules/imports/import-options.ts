// The wire's ImportOptions → what the parsers take: the parser kind, a column mapping of known fields only, and the
// answers in the parsers' vocabulary. One place, so inspect, validate and the job read a file the same way.
import type { AssetLayer, ImportOptions, ImportType, MaterialCode } from '@pipewise/domain';
import { TARGET_FIELDS, populationYear, type ImportKind, type TargetField } from './parse/column-synonyms.ts';
import type { ColumnMapping, ImportAnswers } from './parse/validate-rows.ts';

const ASSET_KIND: Record<AssetLayer, ImportKind> = {
  pipes: 'pipes',
  valves: 'valves',
  critical_facilities: 'facilities',
  population: 'population',
  hydrants: 'assets',
  reservoirs: 'assets',
  purification_plants: 'assets',
  drains: 'assets',
  supply_areas: 'assets',
  districts: 'assets',
  mesh: 'assets',
  custom_zones: 'assets',
};

export function importKindOf(type: ImportType, assetLayer: AssetLayer | undefined): ImportKind {
  return type === 'assets' ? ASSET_KIND[assetLayer ?? 'pipes'] : type;
}

const REQUIRED: Partial<Record<ImportKind, TargetField>> = {
  pipes: 'nativeId',
  valves: 'nativeId',
  breaks: 'date',
  pressures: 'value',
};

/** Target fields in display order; population adds one `population_<year>` field per year column found. */
export function targetFields(kind: ImportKind, columns: readonly string[]) {
  const fields = TARGET_FIELDS[kind].map((field) => ({ field, required: REQUIRED[kind] === field }));
  if (kind !== 'population') return fields;
  const years = [...new Set(columns.map(populationYear).filter((y) => y !== null))].sort();
  return [...fields, ...years.map((y) => ({ field: `population_${y}`, required: false }))];
}

/** Population year fields as chosen by the user: year → column. */
export function populationColumns(mapping: Record<string, string>): [string, string][] {
  return Object.entries(mapping)
    .filter(([field]) => /^population_\d{4}$/.test(field))
    .map(([field, column]) => [field.slice('population_'.length), column]);
}

export function columnMapping(kind: ImportKind, mapping: Record<string, string>): ColumnMapping {
  const known = new Set<string>(TARGET_FIELDS[kind]);
  return Object.fromEntries(
    Object.entries(mapping).filter(([field, column]) => known.has(field) && column !== ''),
  ) as ColumnMapping;
}

const DATE_FORMAT = { auto: 'mdy', MDY: 'mdy', DMY: 'dmy', YMD: 'ymd' } as const;

export function answersOf(o: ImportOptions, currentYear: number): ImportAnswers {
  return {
    lengthUnit: o.answers.length_unit,
    diameterUnit: o.answers.diameter_unit,
    dateFormat: DATE_FORMAT[o.answers.date_format],
    currentYear,
    materials: o.materials as Record<string, MaterialCode>,
    missingMeans: o.answers.missing_means,
  };
}

export const readOptionsOf = (o: {
  layer: string;
  crs?: string | undefined;
  encoding?: string | undefined;
}) => ({
  layer: o.layer,
  ...(o.crs !== undefined ? { crs: o.crs } : {}),
  ...(o.encoding !== undefined ? { encoding: o.encoding } : {}),
});
