// The 'vis' export kind: the valve isolation segments of the served analysis — the e-mail CSV's columns
// (visColumns, same subscription gates), typed, with their Shapefile names (≤ 10 characters; docs/api-exports.md).
import type { Gates } from '../../assets/viewer.ts';
import { SI_UNITS, visColumns, type ExportUnits, type VisExportRow } from '../export-csv.ts';
import type { ExportField, ExportLayer, FieldType } from './layer.ts';

/** Full name → [Shapefile name, type]. */
export const VIS_FIELDS: Readonly<Record<string, readonly [string, FieldType]>> = {
  segment_id: ['segment_id', 'integer'],
  pipes: ['pipes', 'integer'],
  valves: ['valves', 'integer'],
  length_m: ['length_m', 'real'],
  length_ft: ['length_ft', 'real'],
  install_year: ['inst_year', 'integer'],
  breaks: ['breaks', 'integer'],
  lof_12: ['lof_12', 'real'],
  lof_24: ['lof_24', 'real'],
  lof_36: ['lof_36', 'real'],
  lof_60: ['lof_60', 'real'],
  population: ['population', 'real'],
};

export function visLayer(gates: Gates, units: ExportUnits = SI_UNITS): ExportLayer<VisExportRow> {
  const fields: ExportField<VisExportRow>[] = visColumns(gates, units).map((c) => {
    const known = VIS_FIELDS[c.name];
    if (!known) throw new Error(`export column ${c.name} has no Shapefile name in VIS_FIELDS`);
    return { name: c.name, short: known[0], type: known[1], value: c.value };
  });
  return { name: 'vis_segments', fields };
}
