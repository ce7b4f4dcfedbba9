// The project's pipes as a council reads them (issue 36): a few key, value lines naming the project, the dataset,
// the COF scenario whose figures these are, the units and currency and when it was exported; a blank line; then
// one row per pipe in the user's units (lengths and diameters to 2 decimals, LOF in % to 1 decimal, money to whole
// units of the currency) with material, diameter, install year, address, LOF, COF, BRE and repair cost. Figures
// the client's subscriptions hide are left out as columns, as in every export (export-csv.ts).
import type { ProjectDetail } from '@pipewise/domain';
import type { Gates } from '../assets/viewer.ts';
import {
  csvLine,
  diameterIn,
  lengthIn,
  type Cell,
  type ExportUnits,
  type PipeExportRow,
} from '../exports/export-csv.ts';
import { MATERIAL_SHORT_LABELS } from '@pipewise/domain';

export interface ProjectCsvContext {
  project: ProjectDetail;
  datasetName: string;
  /** The COF scenario of the served analysis; null = the country default cost model. */
  scenarioName: string | null;
  units: ExportUnits;
  exportedAt: string;
  gates: Gates;
}

const money = (v: number | null | undefined) => (v == null || !Number.isFinite(v) ? null : Math.round(v));
const percent = (p: number | null | undefined) => (p == null ? null : Math.round(p * 1000) / 10);

export function projectCsvText(ctx: ProjectCsvContext, rows: readonly PipeExportRow[]): string {
  const { project, units, gates } = ctx;
  const currency = project.repair_cost_unit.currency;
  const length = lengthIn(units);
  const diameter = diameterIn(units);
  const cost = new Map(project.items.map((i) => [i.pipe_id, i.cost]));
  const columns: [string, (r: PipeExportRow) => Cell][] = [
    ['native_pipe_id', (r) => r.nativePipeId],
    [
      'material',
      (r) => (r.materialTypeCode === null ? null : (MATERIAL_SHORT_LABELS[r.materialTypeCode] ?? null)),
    ],
    [`diameter_${units.diameter}`, (r) => diameter(r.diameterMm)],
    ['install_year', (r) => r.installYear],
    [`length_${units.segment}`, (r) => length(r.lengthM)],
    ['address', (r) => r.address],
    ...(gates.lof
      ? [
          ['lof_12_percent', (r: PipeExportRow) => percent(r.lof['12'])] as [
            string,
            (r: PipeExportRow) => Cell,
          ],
        ]
      : []),
    ...(gates.cof
      ? [[`cof_${currency}`, (r: PipeExportRow) => money(r.cofTotal)] as [string, (r: PipeExportRow) => Cell]]
      : []),
    ...(gates.bre === 'open'
      ? [[`bre_${currency}`, (r: PipeExportRow) => money(r.bre)] as [string, (r: PipeExportRow) => Cell]]
      : []),
    [`repair_cost_${currency}`, (r) => money(cost.get(r.id))],
  ];
  const meta: [string, Cell][] = [
    ['Project', project.name],
    ['Dataset', ctx.datasetName],
    ['COF scenario', ctx.scenarioName ?? 'Country default'],
    ['Units', `length ${units.segment}, diameter ${units.diameter}, money ${currency}`],
    ['Exported', ctx.exportedAt],
    ['Pipes', project.pipe_count],
    [`Total repair cost (${currency})`, money(project.total_cost)],
  ];
  return (
    '\uFEFF' +
    meta.map((m) => csvLine(m)).join('') +
    '\r\n' +
    csvLine(columns.map(([name]) => name)) +
    rows.map((r) => csvLine(columns.map(([, value]) => value(r)))).join('')
  );
}
