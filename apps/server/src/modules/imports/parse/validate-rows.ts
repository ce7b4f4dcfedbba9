// Mapped rows → normalised records in SI units, plus a validation report. Bad data never throws: each problem is
// counted with its first rows (row number, field, value), and the row is kept or dropped as the summary says.
import type { Geometry } from 'geojson';
import type { MaterialCode } from '@pipewise/domain';
import type { ImportKind, TargetField } from './column-synonyms.ts';
import { lineLengthM } from './line-length.ts';
import { RowChecker, checkGeometry, dateOf, materialCell, yearOf } from './row-checks.ts';
import { checkDiameterUnit, checkLength } from './unit-checks.ts';
import type { ImportFeature } from './types.ts';
import {
  type DateFormat,
  type DiameterUnit,
  type LengthUnit,
  diameterMm,
  isBlank,
  periodStartIso,
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
  /** How much of `date` the cell gave: a year-only or year-month break date is stored at the start of its period. */
  readonly datePrecision: 'year' | 'month' | 'day' | null;
  readonly material: MaterialCode | null;
  readonly lengthM: number | null;
  readonly value: number | null;
  readonly text: Readonly<Record<string, string>>;
}

export interface ValidationResult {
  readonly records: ImportRecord[];
  readonly report: ValidationSummary;
}

export interface ValidationSummary {
  readonly rows: number;
  readonly imported: number;
  readonly skipped: number;
  readonly problems: Partial<Record<ProblemKind, ProblemTally>>;
}

/**
 * Checks rows one at a time, so a caller can stream 100k features through it and keep only what it needs; the
 * report stays bounded (counts plus the first examples) and the seen ids are the only per-row state.
 */
export class RowValidator {
  private readonly report = new ReportBuilder();
  private readonly ids = new Set<string>();
  private total = 0;
  private kept = 0;

  constructor(
    private readonly kind: ImportKind,
    private readonly mapping: ColumnMapping,
    private readonly answers: ImportAnswers,
  ) {}

  /** The normalised record, or null when a problem drops the row. */
  check(feature: ImportFeature): ImportRecord | null {
    this.total += 1;
    const problems = new RowChecker(feature, this.mapping, this.report);
    const record = checkRow(this.kind, feature, this.mapping, this.answers, problems, this.ids);
    if (problems.fatal) return null;
    this.kept += 1;
    return record;
  }

  summary(): ValidationSummary {
    return {
      rows: this.total,
      imported: this.kept,
      skipped: this.total - this.kept,
      problems: this.report.toJSON(),
    };
  }
}

export function validateRows(
  kind: ImportKind,
  mapping: ColumnMapping,
  answers: ImportAnswers,
  rows: Iterable<ImportFeature>,
): ValidationResult {
  const validator = new RowValidator(kind, mapping, answers);
  const records: ImportRecord[] = [];
  for (const feature of rows) {
    const record = validator.check(feature);
    if (record) records.push(record);
  }
  return { records, report: validator.summary() };
}

/** The longest id a row may have (pipes, valves, assets): well under a b-tree entry in any script. */
export const MAX_ID_CHARS = 255;

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
    // The database indexes ids (a b-tree entry holds about 2.7 kB): a 1 MB id passed validation and failed the
    // commit with SQLSTATE 54000 (issue 37). Refused here, by row and column.
    else if (nativeId.length > MAX_ID_CHARS)
      c.add(
        'id-too-long',
        mapping[idField]!,
        `${nativeId.slice(0, 40)}…`,
        `an id of ${nativeId.length.toLocaleString('en')} characters; at most ${MAX_ID_CHARS}`,
        true,
      );
    else if (ids.has(nativeId))
      c.add('duplicate-native-id', mapping[idField]!, idRaw, `id ${nativeId} already seen`, true);
    else ids.add(nativeId);
  }
  const geometry = checkGeometry(kind, f, c);
  if (kind === 'pipes' && mapping.fromNode !== undefined && mapping.toNode !== undefined)
    for (const field of ['fromNode', 'toNode'] as const)
      if (isBlank(c.cell(field)))
        c.add('missing-node-id', mapping[field]!, '', 'no node id: joined by coordinates');
  const rawDiameter = numberOf(c, 'diameter', a);
  const diameter = rawDiameter === null ? null : diameterMm(rawDiameter, a.diameterUnit);
  if (diameter !== null && (diameter <= 0 || diameter > 5000))
    c.add('diameter-out-of-range', mapping.diameter!, rawDiameter, `${diameter} mm is outside (0, 5000]`);
  else if (kind === 'pipes' && rawDiameter !== null && diameter !== null)
    checkDiameterUnit(c, mapping.diameter!, rawDiameter, diameter, a.diameterUnit);
  const rawLength = numberOf(c, 'length', a);
  const drawn = kind === 'pipes' && geometry ? lineLengthM(geometry) : null;
  // A line drawn as one point, or stated 0 where nothing longer is drawn, is a link of no length (a pump, a valve, a
  // zero-length pipe of a hydraulic model): kept, and listed by the network check (issue 16: such links were
  // dropped, and a valve on a dropped pump joined two segments).
  let length = rawLength === null ? null : checkLength(c, mapping.length!, rawLength, a.lengthUnit, drawn);
  if (length === null && kind === 'pipes') length = drawn;
  const installed = kind === 'pipes' || kind === 'assets' || kind === 'valves';
  const dateField: TargetField = installed ? 'installDate' : 'date';
  const date = dateOf(c, dateField, a);
  // A break or reading without a date or value cannot be placed in time: the row is dropped.
  if (kind === 'breaks' && date === null) {
    if (isBlank(c.cell('date')))
      c.add('missing-date', mapping.date ?? 'date', '', 'a break needs a date', true);
    else c.fatal = true;
  }
  let installYear = installed || kind === 'breaks' ? yearOf(c, a) : null;
  if (installYear === null && dateField === 'installDate') installYear = date?.year ?? null;
  return {
    row: f.row,
    nativeId,
    geometry,
    diameterMm: diameter === null || diameter <= 0 || diameter > 5000 ? null : diameter,
    installYear,
    // A year-only break date ('2009') is stored on 1 January, a year-month one ('2009-03') on the 1st, with the
    // precision beside it (issue 40).
    date: date?.iso ?? (kind === 'breaks' && date ? periodStartIso(date) : null),
    datePrecision: date?.precision ?? null,
    material: materialCell(c, a),
    lengthM: length,
    value: kind === 'pressures' ? requiredValue(numberOf(c, 'value', a), c, mapping) : null,
    text: {
      address: textOf(c.cell('address')),
      roadType: textOf(c.cell('roadType')),
      pressureZone: textOf(c.cell('pressureZone')),
      abandoned: textOf(c.cell('abandoned')),
      fromNode: textOf(c.cell('fromNode')),
      toNode: textOf(c.cell('toNode')),
      node: textOf(c.cell('node')),
      nativePipeId: kind === 'breaks' ? '' : textOf(c.cell('nativePipeId')),
    },
  };
}

const textOf = (v: unknown) => (isBlank(v) ? '' : String(v).trim());

// Module functions rather than closures made per row: under tsx (how the server runs) each closure made also names
// itself through a helper call (about 90 ms of a 100k-pipe validation's CPU profile, for this and the checks' others).
function numberOf(c: RowChecker, field: TargetField, a: ImportAnswers): number | null {
  const v = c.cell(field);
  if (isBlank(v)) return null;
  const n = toNumber(v);
  if (n === null)
    c.add(
      'text-in-number',
      c.mapping[field]!,
      v,
      `'${shown(v)}' is not a number`,
      a.missingMeans === 'skip-row',
    );
  return n;
}

function requiredValue(v: number | null, c: RowChecker, mapping: ColumnMapping): number | null {
  if (v === null && isBlank(c.cell('value')))
    c.add('missing-value', mapping.value ?? 'value', '', 'a reading needs a value', true);
  else if (v === null) c.fatal = true;
  return v;
}
