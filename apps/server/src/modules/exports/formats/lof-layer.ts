// The 'lof' export kind: every pipe of the dataset with its displayed attributes and the served analysis's
// LOF, rank, RUL, COF and BRE, in the user's units — the e-mail CSV's columns (pipeColumns, same subscription
// gates), typed, and with their Shapefile names. The Shapefile (dBASE) limit is 10 characters; the mapping is
// documented in docs/api-exports.md and kept here as the one table both are checked against.
import type { Gates } from '../../assets/viewer.ts';
import { pipeColumns, SI_UNITS, type ExportUnits, type PipeExportRow } from '../export-csv.ts';
import type { ExportField, ExportLayer, FieldType } from './layer.ts';

/** Full name → [Shapefile name, type]. Lengths and diameters carry their unit in both names. */
export const PIPE_FIELDS: Readonly<Record<string, readonly [string, FieldType]>> = {
  id: ['id', 'integer'],
  native_pipe_id: ['pipe_id', 'text'],
  address: ['address', 'text'],
  length_m: ['length_m', 'real'],
  length_ft: ['length_ft', 'real'],
  diameter_mm: ['diam_mm', 'real'],
  diameter_in: ['diam_in', 'real'],
  install_year: ['inst_year', 'integer'],
  material: ['material', 'text'],
  install_year_status: ['year_st', 'integer'],
  diameter_status: ['diam_st', 'integer'],
  material_status: ['mat_st', 'integer'],
  lof_12: ['lof_12', 'real'],
  lof_24: ['lof_24', 'real'],
  lof_36: ['lof_36', 'real'],
  lof_60: ['lof_60', 'real'],
  rank_12: ['rank_12', 'integer'],
  rul: ['rul', 'real'],
  cof_total: ['cof_total', 'real'],
  bre: ['bre', 'real'],
};

export function lofLayer(gates: Gates, units: ExportUnits = SI_UNITS): ExportLayer<PipeExportRow> {
  const fields: ExportField<PipeExportRow>[] = pipeColumns(gates, units).map((c) => {
    const known = PIPE_FIELDS[c.name];
    if (!known) throw new Error(`export column ${c.name} has no Shapefile name in PIPE_FIELDS`);
    return { name: c.name, short: known[0], type: known[1], value: c.value };
  });
  return { name: 'pipes_lof', fields };
}
