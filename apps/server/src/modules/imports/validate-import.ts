// Step 4 of the wizard: the validation report. Streams the layer once, checks every row, builds the topology of
// a pipes layer and compares breaks and valves with the target group's current network. Writes nothing.
import type { Geometry } from 'geojson';
import type { IMPORT_WARNINGS, ImportOptions, ValidationReport } from '@pipewise/domain';

type ImportWarning = (typeof IMPORT_WARNINGS)[number];
import type { Db } from '../../db/database.ts';
import { currentDatasetOfGroup } from '../network/versions.ts';
import { importKindOf, targetFields } from './import-options.ts';
import { countNearPipes, groupExists, pipeIdsOf, valvePointsOf } from './network-context.ts';
import type { ImportFile } from './parse/index.ts';
import { scanRows } from './scan.ts';
import { EMPTY_TOPOLOGY, PipeLines, topologyReport } from './topology-check.ts';

export async function validateImport(
  tx: Db,
  file: ImportFile,
  o: ImportOptions,
  currentYear: number,
): Promise<ValidationReport> {
  const kind = importKindOf(o.type, o.asset_layer);
  const blocking: string[] = [];
  for (const f of targetFields(kind, []))
    if (f.required && !o.mapping[f.field]) blocking.push(`required field ${f.field} is not mapped`);
  let current: number | null = null;
  if ('snapshot_group_id' in o.target) {
    if (!(await groupExists(tx, o.target.snapshot_group_id)))
      blocking.push('the target network does not exist');
    else current = await currentDatasetOfGroup(tx, o.target.snapshot_group_id);
  }
  const pipes = new PipeLines();
  const points: Geometry[] = [];
  const breaks: { id: string | null; geometry: Geometry | null }[] = [];
  let notLonLat = 0;
  const summary = await scanRows(file, o, currentYear, (record) => {
    // Out-of-range coordinates block the import; measuring them as degrees would only mislead (and be slow).
    if (record.geometry && !isLonLat(record.geometry)) return void (notLonLat += 1);
    if (kind === 'pipes') pipes.add(record.nativeId ?? `row ${record.row}`, record.geometry);
    else if (kind === 'valves' && record.geometry) points.push(record.geometry);
    else if (kind === 'breaks') breaks.push({ id: record.nativeId, geometry: record.geometry });
  });
  let topology: ValidationReport['topology'] = null;
  let matching: ValidationReport['matching'] = null;
  if (kind === 'pipes') {
    const valves = current === null ? [] : await valvePointsOf(tx, current);
    topology = topologyReport(pipes, o.snap_tolerance_m, valves);
  } else if (kind === 'valves') {
    const near = current === null ? 0 : await countNearPipes(tx, current, points, o.snap_tolerance_m);
    topology = { ...EMPTY_TOPOLOGY, valves_far: points.length - near };
  } else if (kind === 'breaks') {
    matching = await matchCounts(tx, current, breaks, o.snap_tolerance_m);
  }
  if (summary.imported === 0) blocking.push('no row can be imported');
  else if (kind === 'pipes') blocking.push(...geometrylessPipes(summary, o));
  if (notLonLat > 0)
    blocking.push(
      `${notLonLat} rows have coordinates that are not longitude/latitude: give the file's CRS (e.g. EPSG:3547)`,
    );
  return {
    ...summary,
    topology,
    matching,
    can_import: blocking.length === 0,
    blocking,
    warnings: kind === 'pipes' ? [...unmappedKeyAttributes(o.mapping), ...unitSuspect(summary)] : [],
  };
}

/**
 * Pipes without geometry block the import (issue 15: a file whose rows all lacked geometry became a 0-mile network
 * marked Complete that could not be shown) until the user fixes the file or chooses to import them as attributes
 * only — which a mains inventory without geometry (Kitchener's) needs: its breaks match by id, the model trains on
 * its attributes, and the map says it has nothing to draw. A layer with no geometry at all gets its own reason.
 */
function geometrylessPipes(
  summary: { imported: number; problems: ValidationReport['problems'] },
  o: ImportOptions,
): string[] {
  const without = summary.problems['missing-geometry']?.count ?? 0;
  if (without === 0 || o.answers.geometryless_pipes === 'attributes-only') return [];
  return [without >= summary.imported ? 'no-pipe-geometry' : 'geometryless-pipes'];
}

/**
 * Half the imported pipes or more with a diameter (or a stated length) that fits the other unit: the unit answer is
 * likely wrong, not the rows.
 */
function unitSuspect(summary: { imported: number; problems: ValidationReport['problems'] }): ImportWarning[] {
  const most = (kind: 'diameter-implausible' | 'length-implausible') => {
    const count = summary.problems[kind]?.count ?? 0;
    return count > 0 && count * 2 >= summary.imported;
  };
  return [
    ...(most('diameter-implausible') ? (['diameter-unit-suspect'] as const) : []),
    ...(most('length-implausible') ? (['length-unit-suspect'] as const) : []),
  ];
}

/**
 * A pipes layer's key attributes left unmapped (issue 15: an INSTALL_YR column left unmapped gave every pipe an
 * imputed year without a word). Allowed — a network without install years exists — but said before the import.
 */
export function unmappedKeyAttributes(mapping: ImportOptions['mapping']): ImportWarning[] {
  const warnings: ImportWarning[] = [];
  if (!mapping['installYear'] && !mapping['installDate']) warnings.push('unmapped-install-year');
  if (!mapping['diameter']) warnings.push('unmapped-diameter');
  if (!mapping['material']) warnings.push('unmapped-material');
  return warnings;
}

/** By id against the current pipes; the rest (with a point) by distance; as matchBreaks will do on commit. */
async function matchCounts(
  tx: Db,
  current: number | null,
  breaks: readonly { id: string | null; geometry: Geometry | null }[],
  toleranceM: number,
) {
  if (current === null) return { by_id: 0, by_snap: 0, unmatched: breaks.length };
  const known = await pipeIdsOf(tx, current);
  const byId = breaks.filter((b) => b.id !== null && known.has(b.id)).length;
  const rest = breaks
    .filter((b) => (b.id === null || !known.has(b.id)) && b.geometry !== null)
    .map((b) => b.geometry!);
  const bySnap = await countNearPipes(tx, current, rest, toleranceM);
  return { by_id: byId, by_snap: bySnap, unmatched: breaks.length - byId - bySnap };
}

/** A file in a projected CRS read as lon/lat (an .inp without the user's CRS) has coordinates far out of range. */
function isLonLat(g: Geometry): boolean {
  let p: unknown = 'coordinates' in g ? g.coordinates : null;
  while (Array.isArray(p) && Array.isArray(p[0])) p = p[0];
  if (!Array.isArray(p) || p.length < 2) return true;
  const [x, y] = p as number[];
  return Math.abs(x!) <= 180 && Math.abs(y!) <= 90;
}
