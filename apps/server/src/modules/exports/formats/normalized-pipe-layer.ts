// The 'normalizedPipe' export kind: the network as Pipewise normalised it on import — every pipe with the values
// the utility provided (null where its file had none), its topology and zone, and for diameter, install year and
// material how the value in use came about (provided / imputed / overridden) and that value. In the user's units,
// so the file can go back to a GIS or be imported again. No subscription gates it: it is the utility's own network.
import { DATA_ORIGIN, MATERIAL_SHORT_LABELS } from '@pipewise/domain';
import { diameterIn, lengthIn, SI_UNITS, type ExportUnits } from '../export-csv.ts';
import type { ExportField, ExportLayer, FieldType } from './layer.ts';

export interface NormalizedPipeRow {
  id: number;
  nativePipeId: string;
  lengthM: number;
  /** As imported; null where the source had no value. */
  provided: { diameterMm: number | null; installYear: number | null; materialTypeCode: number | null };
  /** The value the analysis and the map use: the override, else the provided, else the served analysis's imputation. */
  used: { diameterMm: number | null; installYear: number | null; materialTypeCode: number | null };
  /** DATA_ORIGIN of each used value. */
  status: { diameter: number; installYear: number; material: number };
  fromNode: string | null;
  toNode: string | null;
  pressureZone: string | null;
  abandoned: boolean;
}

/** Words, not codes: the file is read by people and GIS tools that do not know Pipewise's DATA_ORIGIN codes. */
const STATUS_WORD: Record<number, string> = {
  [DATA_ORIGIN.PROVIDED]: 'provided',
  [DATA_ORIGIN.IMPUTED]: 'imputed',
  [DATA_ORIGIN.OVERRIDDEN]: 'overridden',
};

const materialName = (code: number | null) =>
  code === null ? null : (MATERIAL_SHORT_LABELS[code] ?? String(code));

/** Full name → [Shapefile name, type]; lengths and diameters carry their unit in both names. */
export const NORMALIZED_PIPE_FIELDS: Readonly<Record<string, readonly [string, FieldType]>> = {
  id: ['id', 'integer'],
  native_pipe_id: ['pipe_id', 'text'],
  length_m: ['length_m', 'real'],
  length_ft: ['length_ft', 'real'],
  diameter_mm: ['diam_mm', 'real'],
  diameter_in: ['diam_in', 'real'],
  install_year: ['inst_year', 'integer'],
  material: ['material', 'text'],
  material_code: ['mat_code', 'integer'],
  from_node: ['from_node', 'text'],
  to_node: ['to_node', 'text'],
  pressure_zone: ['press_zone', 'text'],
  abandoned: ['abandoned', 'integer'],
  diameter_status: ['diam_st', 'text'],
  diameter_used_mm: ['diam_u_mm', 'real'],
  diameter_used_in: ['diam_u_in', 'real'],
  install_year_status: ['year_st', 'text'],
  install_year_used: ['year_used', 'integer'],
  material_status: ['mat_st', 'text'],
  material_used: ['mat_used', 'text'],
  material_used_code: ['mat_u_code', 'integer'],
};

type Value = (r: NormalizedPipeRow) => string | number | null;

export function normalizedPipeLayer(units: ExportUnits = SI_UNITS): ExportLayer<NormalizedPipeRow> {
  const length = lengthIn(units);
  const diameter = diameterIn(units);
  const columns: [string, Value][] = [
    ['id', (r) => r.id],
    ['native_pipe_id', (r) => r.nativePipeId],
    [`length_${units.segment}`, (r) => length(r.lengthM)],
    [`diameter_${units.diameter}`, (r) => diameter(r.provided.diameterMm)],
    ['install_year', (r) => r.provided.installYear],
    ['material', (r) => materialName(r.provided.materialTypeCode)],
    ['material_code', (r) => r.provided.materialTypeCode],
    ['from_node', (r) => r.fromNode],
    ['to_node', (r) => r.toNode],
    ['pressure_zone', (r) => r.pressureZone],
    // 0/1 rather than a boolean: dBASE logicals and GeoPackage booleans are read back inconsistently by GIS tools.
    ['abandoned', (r) => (r.abandoned ? 1 : 0)],
    ['diameter_status', (r) => STATUS_WORD[r.status.diameter] ?? null],
    [`diameter_used_${units.diameter}`, (r) => diameter(r.used.diameterMm)],
    ['install_year_status', (r) => STATUS_WORD[r.status.installYear] ?? null],
    ['install_year_used', (r) => r.used.installYear],
    ['material_status', (r) => STATUS_WORD[r.status.material] ?? null],
    ['material_used', (r) => materialName(r.used.materialTypeCode)],
    ['material_used_code', (r) => r.used.materialTypeCode],
  ];
  const fields: ExportField<NormalizedPipeRow>[] = columns.map(([name, value]) => {
    const known = NORMALIZED_PIPE_FIELDS[name];
    if (!known) throw new Error(`export column ${name} has no Shapefile name in NORMALIZED_PIPE_FIELDS`);
    return { name, short: known[0], type: known[1], value };
  });
  return { name: 'pipes_normalized', fields };
}
