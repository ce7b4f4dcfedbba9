// The 'normalizedBreak' export kind: the breaks as Pipewise stored them on import — date, the pipe id the source
// gave, the pipe each is linked to and how (by that id, or snapped to the nearest pipe within the import's
// tolerance, with the distance) — as points, in the user's units. Breaks have no id of their own in a utility's
// files (a break is a date at a place), so the file carries Pipewise's id to name a row. No subscription gates it.
import { lengthIn, SI_UNITS, type ExportUnits } from '../export-csv.ts';
import type { ExportField, ExportLayer, FieldType } from './layer.ts';

export interface NormalizedBreakRow {
  id: number;
  /** ISO date (YYYY-MM-DD). */
  breakDate: string;
  /** The pipe id the source gave, as given (null when it gave none). */
  nativePipeId: string | null;
  /** The pipe it is linked to; null when unmatched. */
  pipeId: number | null;
  pipeNativeId: string | null;
  /** 'id', 'snap' or null (unmatched). */
  matchedBy: string | null;
  /** Geodesic distance to the linked pipe (m); set for snapped breaks only. */
  snapDistanceM: number | null;
}

/** Full name → [Shapefile name, type]. The date is text: dBASE D and GeoPackage DATE are read unevenly. */
export const NORMALIZED_BREAK_FIELDS: Readonly<Record<string, readonly [string, FieldType]>> = {
  id: ['id', 'integer'],
  break_date: ['break_date', 'text'],
  source_pipe_id: ['src_pipe', 'text'],
  pipe_id: ['pipe_ref', 'integer'],
  native_pipe_id: ['pipe_id', 'text'],
  matched_by: ['matched_by', 'text'],
  snap_distance_m: ['snap_m', 'real'],
  snap_distance_ft: ['snap_ft', 'real'],
};

type Value = (r: NormalizedBreakRow) => string | number | null;

export function normalizedBreakLayer(units: ExportUnits = SI_UNITS): ExportLayer<NormalizedBreakRow> {
  const length = lengthIn(units);
  const columns: [string, Value][] = [
    ['id', (r) => r.id],
    ['break_date', (r) => r.breakDate],
    ['source_pipe_id', (r) => r.nativePipeId],
    ['pipe_id', (r) => r.pipeId],
    ['native_pipe_id', (r) => r.pipeNativeId],
    ['matched_by', (r) => r.matchedBy],
    [`snap_distance_${units.segment}`, (r) => length(r.snapDistanceM)],
  ];
  const fields: ExportField<NormalizedBreakRow>[] = columns.map(([name, value]) => {
    const known = NORMALIZED_BREAK_FIELDS[name];
    if (!known) throw new Error(`export column ${name} has no Shapefile name in NORMALIZED_BREAK_FIELDS`);
    return { name, short: known[0], type: known[1], value };
  });
  return { name: 'breaks_normalized', fields, geometry: 'point' };
}
