// The file's side of step 4's validation report, made in the parse thread (issue 18): every row checked, a pipes
// layer's network built and checked, and what the database side needs kept small (valve points and links, breaks).
// Run on the API's thread, a 100k-pipe .inp held it 3.0 s and one GeoJSON line of a million vertices 3.2 s: taking
// each feature from the thread, checking it, and handing every link back to a thread for the network check.
import type { Geometry } from 'geojson';
import type { ImportOptions, TopologyReport } from '@pipewise/domain';
import { importKindOf } from './import-options.ts';
import type { ImportFeature, ImportRecord } from './parse/index.ts';
import { RowMapper } from './import-rows.ts';
import { writerFor } from './import-writer.ts';
import { layerOf } from './layer-target.ts';
import { RowStager } from './staged-rows.ts';
import type { ValidationSummary } from './parse/validate-rows.ts';
import { scanFeatures } from './scan.ts';
import { PipeLines, topologyReport } from './topology-check.ts';
import type { ValveLink } from './valve-links.ts';

/** A valve of the target network as the check needs it. */
export interface ExistingValve {
  readonly point: readonly [number, number];
  readonly pipeId: string | null;
}

export interface ValidationScanCall {
  readonly options: ImportOptions;
  readonly currentYear: number;
  readonly isInp: boolean;
  /** The target network's valves (a pipes layer that is not an EPANET model keeps them). */
  readonly valves: readonly ExistingValve[];
  /** Where to stage the mapped rows for the import job (staged-rows.ts); none when absent. */
  readonly stageRows?: string;
}

export interface ValidationScan {
  readonly summary: ValidationSummary;
  /** Rows whose coordinates are not longitude/latitude (a projected file read without its CRS). */
  readonly notLonLat: number;
  /** A pipes layer's network check; null for other kinds. */
  readonly topology: TopologyReport | null;
  /** A valves layer's points and links to pipes, for the checks against the target network. */
  readonly valvePoints: Geometry[];
  readonly valveLinks: ValveLink[];
  /** A breaks layer's ids and points, for matching against the target network. */
  readonly breaks: { id: string | null; geometry: Geometry | null }[];
}

/** `featuresOf(layer)` reads a layer of the file (the one the options name when `layer` is undefined). */
export async function scanForValidation(
  featuresOf: (layer?: string) => AsyncIterable<ImportFeature>,
  call: ValidationScanCall,
  fileName = '',
): Promise<ValidationScan> {
  const { options: o, isInp } = call;
  const stage = call.stageRows ? stagerOf(call.stageRows, o, fileName) : null;
  const kind = importKindOf(o.type, o.asset_layer);
  const nodes = nodeColumns(o, isInp);
  const pipes = new PipeLines();
  const out: Omit<ValidationScan, 'summary' | 'topology' | 'notLonLat'> = {
    valvePoints: [],
    valveLinks: [],
    breaks: [],
  };
  let notLonLat = 0;
  const summary = await scanFeatures(featuresOf(), o, call.currentYear, (record, feature) => {
    stage?.add(record, feature);
    // Out-of-range coordinates block the import; measuring them as degrees would only mislead (and be slow).
    if (record.geometry && !isLonLat(record.geometry)) return void (notLonLat += 1);
    const nativeId = record.nativeId ?? `row ${record.row}`;
    if (kind === 'pipes')
      pipes.add({
        nativeId,
        row: record.row,
        geometry: record.geometry,
        lengthM: record.lengthM,
        ...(nodes && nodesOf(feature, nodes)),
      });
    else if (kind === 'valves') {
      if (record.geometry) out.valvePoints.push(record.geometry);
      const pipeId = record.text['nativePipeId'];
      if (pipeId)
        out.valveLinks.push({
          valveId: nativeId,
          row: record.row,
          pipeId,
          node: record.text['node'] || null,
        });
    } else if (kind === 'breaks') out.breaks.push({ id: record.nativeId, geometry: record.geometry });
  }).catch((error: unknown) => {
    stage?.abort();
    throw error;
  });
  stage?.finish();
  let topology: TopologyReport | null = null;
  if (kind === 'pipes') {
    if (isInp) await addInpLinks(featuresOf, pipes);
    topology = topologyReport(
      pipes,
      { nodeIds: nodes !== null, nodeToleranceM: o.node_tolerance_m, snapToleranceM: o.snap_tolerance_m },
      call.valves.map((v) => v.point),
    );
    const ids = new Set(pipes.links.map((l) => l.nativeId));
    const lost = call.valves.filter((v) => v.pipeId !== null && !ids.has(v.pipeId)).length;
    topology = { ...topology, valves_unknown_pipe: lost };
  }
  return { summary, notLonLat, topology, ...out };
}

/**
 * Maps each valid row as the import job would and stages it. A row the mapper refuses (its geometry) is the job's
 * to report, as before: staging stops, and the job reads the file.
 */
function stagerOf(file: string, o: ImportOptions, fileName: string) {
  const stager = new RowStager(file);
  const map = writerFor({ clientId: 0, datasetId: 0 }, layerOf(o), new RowMapper(o, fileName))
    .map as unknown as (r: ImportRecord, f: ImportFeature) => Record<string, unknown>;
  let staging = true;
  return {
    add(record: ImportRecord, feature: ImportFeature) {
      if (!staging) return;
      try {
        stager.add(record.row, map(record, feature));
      } catch {
        staging = false;
        stager.abort();
      }
    },
    finish: () => (staging ? stager.finish() : undefined),
    abort: () => stager.abort(),
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
  return { from: nodeText(f.properties[nodes.from]), to: nodeText(f.properties[nodes.to]) };
}

const nodeText = (v: unknown) => (v === null || v === undefined ? null : String(v).trim() || null);

/**
 * An EPANET model's pumps and valves are links of its network (the analysis adds them from the stored model), so
 * the check counts them too: links of no length between their two nodes.
 */
async function addInpLinks(
  featuresOf: (layer?: string) => AsyncIterable<ImportFeature>,
  pipes: PipeLines,
): Promise<void> {
  for (const layer of ['pumps', 'valves'])
    for await (const f of featuresOf(layer)) {
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

/** A file in a projected CRS read as lon/lat (an .inp without the user's CRS) has coordinates far out of range. */
function isLonLat(g: Geometry): boolean {
  let p: unknown = 'coordinates' in g ? g.coordinates : null;
  while (Array.isArray(p) && Array.isArray(p[0])) p = p[0];
  if (!Array.isArray(p) || p.length < 2) return true;
  const [x, y] = p as number[];
  return Math.abs(x!) <= 180 && Math.abs(y!) <= 90;
}
