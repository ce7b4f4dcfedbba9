// A report section as data: a title, a chart and the table beside it. Builders (lib/sections/*) turn the API's
// rows into these; components only lay them out; the CSV is written from the same table built with plain numbers
// (lib/csv.ts, format.ts csvFormat).

export interface ReportColumn {
  /** The header, in the reader's language, with the unit when the column has one ('Length (mi)'). */
  label: string;
  numeric?: boolean;
  /** Keep a cell on one line (ids); numbers always are. */
  nowrap?: boolean;
}

export interface ReportTable {
  caption: string;
  columns: ReportColumn[];
  /** Formatted cells, one array per row, in column order. */
  rows: string[][];
  /** The first column names each row (a row header for screen readers). */
  rowHeaders?: boolean;
  /** The same cells for the CSV (lib/format.ts csvFormat: plain numbers); the shown cells when absent. */
  csvRows?: string[][];
  /** A column whose cells link somewhere in the app (the pipe of a work list → the map), one address per row. */
  links?: { column: number; to: readonly string[] };
}

export interface ChartSeries {
  id: string;
  label: string;
  /** One value per category, in the chart's unit; null = no value. */
  data: (number | null)[];
  color?: string;
  /** Series with the same stack id are stacked. */
  stack?: string;
}

export interface BarChartModel {
  kind: 'bar';
  categories: string[];
  series: ChartSeries[];
  /** Axis titles, with units ('Length (mi)'). */
  categoryLabel: string;
  valueLabel: string;
  /** Tooltip text of a value, as the table writes it. */
  format: (value: number) => string;
  /** Axis tick text, when it should be shorter than `format` (10, not 10.0). */
  tick?: (value: number) => string;
  /** Bars drawn left to right (long category names read better). */
  horizontal?: boolean;
  /** One colour per category (levels, materials) instead of one per series. */
  categoryColors?: string[];
}

export interface PieChartModel {
  kind: 'pie';
  slices: { id: string; label: string; value: number; color?: string }[];
  format: (value: number) => string;
}

export type ChartModel = BarChartModel | PieChartModel;

export interface ReportSection {
  /** Stable id: test ids and the CSV file name. */
  id: string;
  title: string;
  /** What the figures are of, under the title ('Within 12 months'). */
  subtitle?: string;
  /** Why a section has nothing to show, instead of an empty chart. */
  empty?: string;
  chart?: ChartModel;
  /**
   * Further charts beside the first, each with its own unit (issue 38: "LOF, COF and total risk by level" charted
   * total risk only, as the section before it did): small multiples, not one chart of three units.
   */
  moreCharts?: ChartModel[];
  table: ReportTable;
}

/** Columns from labels, numeric from the second on (the first names the group). */
export function columns(first: string, ...numeric: string[]): ReportColumn[] {
  return [{ label: first }, ...numeric.map((label) => ({ label, numeric: true }))];
}
