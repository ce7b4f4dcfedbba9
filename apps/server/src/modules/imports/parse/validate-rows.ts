// Mapped rows → normalised records in SI units, plus a validation report. Bad data never throws: each problem is
// counted with its first rows (row number, field, value), and the row is kept or dropped as the summary says.
import type { Geometry } from 'geojson';
import type { MaterialCode } from '@pipewise/domain';
import type { ImportKind, TargetField } from './column-synonyms.ts';
import { lineLengthM } from './line-length.ts';
import { RowChecker, checkGeometry, dateOf, materialCell, yearOf } from './row-checks.ts';
import type { ImportFeature } from './types.ts';
import {
  type DateFormat,
  type DiameterUnit,
  type LengthUnit,
  diameterMm,
  isBlank,
  lengthM,
  toNumber,
} from './parse-values.ts';
import { ReportBuilder, type ProblemKind, type ProblemTally, shown } from './validation-report.ts';

export type ColumnMapping = Partial<Record<TargetField, string>>;

export interface ImportAnswers {
  readonly lengthUnit: LengthUnit;
  readonly diameterUnit: DiameterUnit;
  readonly dateFormat: DateFormat;
  /** The clock stays outside (STYLE: pure code): years after this are out of range. */
  readonly currentYear: number;
  /** User's material choices (raw value → code); values not listed go through the synonym table. */
  readonly materials?: Readonly<Record<string, MaterialCode>>;
  /** What an empty cell means for numbers/dates: unknown (kept as null, imputed later) or a reason to skip the row. */
  readonly missingMeans?: 'unknown' | 'skip-row';
}

export interface ImportRecord {
  readonly row: number;
  readonly nativeId: string | null;
  readonly geometry: Geometry | null;
  readonly diameterMm: number | null;
  readonly installYear: number | null;
  readonly date: string | null;
  readonly material: MaterialCode | null;
  readonly lengthM: number | null;
  readonly value: number | null;
  readonly text: Readonly<Record<string, string>>;
}

export interface ValidationResult {
  readonly records: ImportRecord[];
  readonly report: {
    readonly rows: number;
    readonly imported: number;
    readonly skipped: number;
    readonly problems: Partial<Record<ProblemKind, ProblemTally>>;
  };
}

export function validateRows(
  kind: ImportKind,
  mapping: ColumnMapping,
  answers: ImportAnswers,
  rows: Iterable<ImportFeature>,
): ValidationResult {
  const report = new ReportBuilder();
  const ids = new Set<string>();
  const records: ImportRecord[] = [];
  let total = 0;
  for (const feature of rows) {
    total += 1;
    const problems = new RowChecker(feature, mapping, report);
    const record = checkRow(kind, feature, mapping, answers, problems, ids);
    if (!problems.fatal) records.push(record);
  }
  return {
    records,
    report: {
      rows: total,
      imported: records.length,
      skipped: total - records.length,
      problems: report.toJSON(),
    },
  };
}

function checkRow(
  kind: ImportKind,
  f: ImportFeature,
  mapping: ColumnMapping,
  a: ImportAnswers,
  c: RowChecker,
  ids: Set<string>,
): ImportRecord {
  const idField: TargetField = kind === 'breaks' ? 'nativePipeId' : 'nativeId';
  const idRaw = c.cell(idField);
  const nativeId = isBlank(idRaw) ? null : String(idRaw).trim();
  if (kind !== 'breaks' && mapping[idField] !== undefined) {
    if (nativeId === null) c.add('missing-native-id', mapping[idField]!, idRaw, 'no id', true);
    else if (ids.has(nativeId))
      c.add('duplicate-native-id', mapping[idField]!, idRaw, `id ${nativeId} already seen`, true);
    else ids.add(nativeId);
  }
  const geometry = checkGeometry(kind, f, c);
  const numberOf = (field: TargetField) => {
    const v = c.cell(field);
    if (isBlank(v)) return null;
    const n = toNumber(v);
    if (n === null)
      c.add(
        'text-in-number',
        mapping[field]!,
        v,
        `'${shown(v)}' is not a number`,
        a.missingMeans === 'skip-row',
      );
    return n;
  };
  const rawDiameter = numberOf('diameter');
  const diameter = rawDiameter === null ? null : diameterMm(rawDiameter, a.diameterUnit);
  if (diameter !== null && (diameter <= 0 || diameter > 5000))
    c.add('diameter-out-of-range', mapping.diameter!, rawDiameter, `${diameter} mm is outside (0, 5000]`);
  const rawLength = numberOf('length');
  let length = rawLength === null ? null : lengthM(rawLength, a.lengthUnit);
  if (length === null && geometry && kind === 'pipes') length = lineLengthM(geometry);
  if (kind === 'pipes' && geometry && lineLengthM(geometry) === 0)
    c.add('zero-length-pipe', 'geometry', '', 'all vertices are the same point', true);
  const dateField: TargetField = kind === 'pipes' || kind === 'assets' ? 'installDate' : 'date';
  const date = dateOf(c, dateField, a);
  let installYear = kind === 'pipes' || kind === 'assets' || kind === 'breaks' ? yearOf(c, a) : null;
  if (installYear === null && dateField === 'installDate') installYear = date?.year ?? null;
  return {
    row: f.row,
    nativeId,
    geometry,
    diameterMm: diameter === null || diameter <= 0 || diameter > 5000 ? null : diameter,
    installYear,
    date: date?.iso ?? null,
    material: materialCell(c, a),
    lengthM: length,
    value: kind === 'pressures' ? numberOf('value') : null,
    text: {
      address: textOf(c.cell('address')),
      roadType: textOf(c.cell('roadType')),
      pressureZone: textOf(c.cell('pressureZone')),
      abandoned: textOf(c.cell('abandoned')),
    },
  };
}

const textOf = (v: unknown) => (isBlank(v) ? '' : String(v).trim());
