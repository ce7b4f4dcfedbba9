// Step 4 of the wizard: the validation report. Streams the layer once, checks every row, builds the topology of
// a pipes layer and compares breaks and valves with the target group's current network. Writes nothing.
import type { Geometry } from 'geojson';
import type { IMPORT_WARNINGS, ImportOptions, ValidationReport } from '@pipewise/domain';

type ImportWarning = (typeof IMPORT_WARNINGS)[number];
import type { Db } from '../../db/database.ts';
import { currentDatasetOfGroup } from '../network/versions.ts';
import { importKindOf, readOptionsOf, targetFields } from './import-options.ts';
import { countNearPipes, groupExists, pipeEndsOf, pipeIdsOf, valvesOf } from './network-context.ts';
import { detectFormat, type ImportFeature } from './parse/index.ts';
import { featuresInThread, headOf, topologyInThread, type ParseSource } from './parse-thread.ts';
import { scanRows } from './scan.ts';
import { EMPTY_TOPOLOGY, PipeLines } from './topology-check.ts';
import { type ValveLink, checkValveLinks } from './valve-links.ts';

export async function validateImport(
  tx: Db,
  file: ParseSource,
  o: ImportOptions,
  currentYear: number,
): Promise<ValidationReport> {
  const kind = importKindOf(o.type, o.asset_layer);
  const blocking: string[] = [];
  const warnings: ImportWarning[] = [];
  for (const f of targetFields(kind, []))
    if (f.required && !o.mapping[f.field]) blocking.push(`required field ${f.field} is not mapped`);
  let current: number | null = null;
  if ('snapshot_group_id' in o.target) {
    if (!(await groupExists(tx, o.target.snapshot_group_id)))
      blocking.push('the target network does not exist');
    else current = await currentDatasetOfGroup(tx, o.target.snapshot_group_id);
  }
  const isInp = detectFormat(file.name, headOf(file)) === 'inp';
  const nodes = nodeColumns(o, isInp);
  const pipes = new PipeLines();
  const points: Geometry[] = [];
  const valveLinks: ValveLink[] = [];
  const breaks: { id: string | null; geometry: Geometry | null }[] = [];
  let notLonLat = 0;
  const summary = await scanRows(file, o, currentYear, (record, feature) => {
    // Out-of-range coordinates block the import; measuring them as degrees would only mislead (and be slow).
    if (record.geometry && !isLonLat(record.geometry)) return void (notLonLat += 1);
    const nativeId = record.nativeId ?? `row ${record.row}`;
    if (kind === 'pipes') pipes.add({ ...record, nativeId, ...nodesOf(feature, nodes) });
    else if (kind === 'valves') {
      if (record.geometry) points.push(record.geometry);
      const pipeId = record.text['nativePipeId'];
      if (pipeId)
        valveLinks.push({ valveId: nativeId, row: record.row, pipeId, node: record.text['node'] || null });
    } else if (kind === 'breaks') breaks.push({ id: record.nativeId, geometry: record.geometry });
  });
  let topology: ValidationReport['topology'] = null;
  let matching: ValidationReport['matching'] = null;
  const problems = { ...summary.problems };
  if (kind === 'pipes') {
    if (isInp) await addInpLinks(file, o, pipes);
    // An EPANET model replaces the network's valves with its own; other pipes keep the valves there are.
    const valves = current === null || isInp ? [] : await valvesOf(tx, current);
    topology = await topologyInThread(file.name, {
      links: pipes.links,
      check: {
        nodeIds: nodes !== null,
        nodeToleranceM: o.node_tolerance_m,
        snapToleranceM: o.snap_tolerance_m,
      },
      valves: valves.map((v) => v.point),
    });
    const ids = new Set(pipes.links.map((l) => l.nativeId));
    const lost = valves.filter((v) => v.pipeId !== null && !ids.has(v.pipeId)).length;
    topology = { ...topology, valves_unknown_pipe: lost };
    if (lost > 0) warnings.push('existing-valves-unknown-pipe');
    if (topology.missing_node_ids > 0) warnings.push('node-ids-incomplete');
  } else if (kind === 'valves') {
    const near = current === null ? 0 : await countNearPipes(tx, current, points, o.snap_tolerance_m);
    topology = { ...EMPTY_TOPOLOGY, valves_far: points.length - near };
    const ends = current === null ? new Map() : await pipeEndsOf(tx, current);
    const links = checkValveLinks(valveLinks, ends, {
      pipe: o.mapping['nativePipeId']!,
      node: o.mapping['node'],
    });
    Object.assign(problems, links.problems);
    if (links.unknownPipes > 0) {
      if (o.answers.unknown_pipe_ids === 'unlinked') warnings.push('valves-unknown-pipe');
      else blocking.push('valves-unknown-pipe');
    }
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
    problems,
    topology,
    matching,
    can_import: blocking.length === 0,
    blocking,
    warnings: [
      ...(kind === 'pipes' ? [...unmappedKeyAttributes(o.mapping), ...unitSuspect(summary)] : []),
      ...warnings,
    ],
  };
}

type NodeColumns = { from: string; to: string } | null;

/**
 * Where a pipe's end node ids are: the columns the user mapped, or an EPANET model's own node1/node2 (its nodes are
 * ids whatever the mapping, as the import job writes them).
 */
function nodeColumns(o: ImportOptions, isInp: boolean): NodeColumns {
  const from = o.mapping['fromNode'];
  const to = o.mapping['toNode'];
  if (from && to) return { from, to };
  return isInp ? { from: 'node1', to: 'node2' } : null;
}

function nodesOf(f: ImportFeature, nodes: NodeColumns): { from?: string | null; to?: string | null } {
  if (nodes === null) return {};
  const text = (v: unknown) => (v === null || v === undefined ? null : String(v).trim() || null);
  return { from: text(f.properties[nodes.from]), to: text(f.properties[nodes.to]) };
}

/**
 * An EPANET model's pumps and valves are links of its network (the analysis adds them from the stored model), so
 * the check counts them too: links of no length between their two nodes.
 */
async function addInpLinks(file: ParseSource, o: ImportOptions, pipes: PipeLines): Promise<void> {
  for (const layer of ['pumps', 'valves'])
    for await (const f of featuresInThread(file, { ...readOptionsOf(o), layer })) {
      const id = String(f.properties['id'] ?? `${layer} ${f.row}`);
      pipes.add({
        nativeId: id,
        row: f.row,
        geometry: f.geometry,
        lengthM: 0,
        ...nodesOf(f, { from: 'node1', to: 'node2' }),
      });
    }
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
