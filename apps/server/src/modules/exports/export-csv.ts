// The CSV files of 'export by e-mail' (spec 000 §7; docs/api-assets.md 'Export by e-mail'): pipes for the pipes
// view (type lof), valve isolation segments for the VIS view (type vis). Lengths and diameters are in the user's
// own units, named in the header (length_m or length_ft, diameter_mm or diameter_in): a US engineer's file was
// metric whatever their units (issue 15). A figure the client's subscriptions hide is left out as a column, exactly
// as the assets API nulls it (viewer.ts gates).
import {
  convertDiameter,
  convertLength,
  csvLine,
  MATERIAL_SHORT_LABELS,
  type CsvCell,
  type UnitChoice,
} from '@pipewise/domain';
import type { Gates } from '../assets/viewer.ts';

// The one CSV rule of the product (RFC 4180, formulas defused) lives in @pipewise/domain, shared with the web.
export { csvField, csvLine } from '@pipewise/domain';
export type Cell = CsvCell;

interface Column<R> {
  name: string;
  value: (row: R) => Cell;
}

const H = ['12', '24', '36', '60'] as const;

export interface PipeExportRow {
  id: number;
  nativePipeId: string;
  address: string | null;
  lengthM: number;
  diameterMm: number | null;
  installYear: number | null;
  materialTypeCode: number | null;
  installYearStatus: number;
  diameterStatus: number;
  materialStatus: number;
  lof: Record<(typeof H)[number], number | null>;
  rank12: number | null;
  rul: number | null;
  cofTotal: number | null;
  bre: number | null;
}

/** The units of a file: the user's length and diameter units. */
export type ExportUnits = Pick<UnitChoice, 'segment' | 'diameter'>;
export const SI_UNITS: ExportUnits = { segment: 'm', diameter: 'mm' };

/** Rounded to what a measurement of pipes carries: 2 decimals (cm, 1/100 in or ft). */
const round2 = (v: number) => Math.round(v * 100) / 100;
export const lengthIn = (u: ExportUnits) => (m: number | null) =>
  m === null ? null : round2(convertLength(m, u.segment));
export const diameterIn = (u: ExportUnits) => (mm: number | null) =>
  mm === null ? null : round2(convertDiameter(mm, u.diameter));

const material = (code: number | null) =>
  code === null ? null : (MATERIAL_SHORT_LABELS[code] ?? String(code));

export function pipeColumns(gates: Gates, units: ExportUnits = SI_UNITS): Column<PipeExportRow>[] {
  const length = lengthIn(units);
  const diameter = diameterIn(units);
  return [
    { name: 'id', value: (r) => r.id },
    { name: 'native_pipe_id', value: (r) => r.nativePipeId },
    { name: 'address', value: (r) => r.address },
    { name: `length_${units.segment}`, value: (r) => length(r.lengthM) },
    { name: `diameter_${units.diameter}`, value: (r) => diameter(r.diameterMm) },
    { name: 'install_year', value: (r) => r.installYear },
    { name: 'material', value: (r) => material(r.materialTypeCode) },
    // DATA_ORIGIN: 0 provided, 1 imputed, 2 overridden (spec 000 §4).
    { name: 'install_year_status', value: (r) => r.installYearStatus },
    { name: 'diameter_status', value: (r) => r.diameterStatus },
    { name: 'material_status', value: (r) => r.materialStatus },
    ...(gates.lof
      ? [
          ...H.map((h) => ({ name: `lof_${h}`, value: (r: PipeExportRow) => r.lof[h] })),
          { name: 'rank_12', value: (r: PipeExportRow) => r.rank12 },
        ]
      : []),
    ...(gates.rul ? [{ name: 'rul', value: (r: PipeExportRow) => r.rul }] : []),
    ...(gates.cof ? [{ name: 'cof_total', value: (r: PipeExportRow) => r.cofTotal }] : []),
    // Restricted BRE (COF without BRE) is hidden too: a column of markers would say nothing.
    ...(gates.bre === 'open' ? [{ name: 'bre', value: (r: PipeExportRow) => r.bre }] : []),
  ];
}

export interface VisExportRow {
  segmentId: number;
  pipes: number;
  valves: number;
  lengthM: number;
  installYear: number | null;
  breaks: number;
  lof12: number | null;
  lof: Record<string, number> | null;
  population: number;
}

export function visColumns(gates: Gates, units: ExportUnits = SI_UNITS): Column<VisExportRow>[] {
  const length = lengthIn(units);
  const lofAt = (r: VisExportRow, h: string) => (h === '12' ? (r.lof12 ?? r.lof?.[h]) : r.lof?.[h]) ?? null;
  return [
    { name: 'segment_id', value: (r) => r.segmentId },
    { name: 'pipes', value: (r) => r.pipes },
    { name: 'valves', value: (r) => r.valves },
    { name: `length_${units.segment}`, value: (r) => length(r.lengthM) },
    { name: 'install_year', value: (r) => r.installYear },
    { name: 'breaks', value: (r) => r.breaks },
    ...(gates.lof ? H.map((h) => ({ name: `lof_${h}`, value: (r: VisExportRow) => lofAt(r, h) })) : []),
    ...(gates.population ? [{ name: 'population', value: (r: VisExportRow) => r.population }] : []),
  ];
}

/** Header plus rows; rows come in pages so a large network is never held twice (rows and text). */
export class CsvWriter<R> {
  private readonly parts: string[];
  rows = 0;
  constructor(private readonly columns: Column<R>[]) {
    this.parts = [csvLine(columns.map((c) => c.name))];
  }
  add(rows: readonly R[]): void {
    for (const r of rows) this.parts.push(csvLine(this.columns.map((c) => c.value(r))));
    this.rows += rows.length;
  }
  text(): string {
    return this.parts.join('');
  }
}
