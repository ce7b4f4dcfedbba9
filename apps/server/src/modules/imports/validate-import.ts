// Step 4 of the wizard: the validation report. The parse thread streams the layer once, checks every row and
// builds the topology of a pipes layer (validate-scan.ts); here breaks and valves are compared with the target
// group's current network. Writes nothing.
import type { Geometry } from 'geojson';
import type { IMPORT_WARNINGS, ImportOptions, ValidationReport } from '@pipewise/domain';
import type { TenantStep } from '../../db/database.ts';
import { currentDatasetOfGroup } from '../network/versions.ts';
import { importKindOf, targetFields } from './import-options.ts';
import { countNearPipes, groupExists, pipeEndsOf, pipeIdsOf, valvesOf } from './network-context.ts';
import { detectFormat } from './parse/index.ts';
import { headOf, validationScanInThread, type ParseSource } from './parse-thread.ts';
import { EMPTY_TOPOLOGY } from './topology-check.ts';
import { checkValveLinks } from './valve-links.ts';

type ImportWarning = (typeof IMPORT_WARNINGS)[number];

/**
 * `tenant` runs each database step in a transaction of its own: none is held open while the thread reads the file
 * (on the embedded database its one connection would keep every other request waiting: a 100k-pipe .inp held
 * /api/health 3.3 s so).
 */
export async function validateImport(
  tenant: TenantStep,
  file: ParseSource,
  o: ImportOptions,
  currentYear: number,
  /** Where the thread stages the mapped rows for the import job (staged-rows.ts). */
  stageRows?: string,
): Promise<ValidationReport> {
  const kind = importKindOf(o.type, o.asset_layer);
  const blocking: string[] = [];
  const warnings: ImportWarning[] = [];
  for (const f of targetFields(kind, []))
    if (f.required && !o.mapping[f.field]) blocking.push(`required field ${f.field} is not mapped`);
  const isInp = detectFormat(file.name, headOf(file)) === 'inp';
  const { current, valves } = await tenant(async (tx) => {
    const target = 'snapshot_group_id' in o.target ? o.target.snapshot_group_id : null;
    if (target === null) return { current: null, valves: [] };
    if (!(await groupExists(tx, target))) {
      blocking.push('the target network does not exist');
      return { current: null, valves: [] };
    }
    const current = await currentDatasetOfGroup(tx, target);
    // An EPANET model replaces the network's valves with its own; other pipes keep the valves there are.
    return {
      current,
      valves: kind !== 'pipes' || current === null || isInp ? [] : await valvesOf(tx, current),
    };
  });
  const scan = await validationScanInThread(file, {
    options: o,
    currentYear,
    isInp,
    valves,
    ...(stageRows ? { stageRows } : {}),
  });
  const { summary, notLonLat } = scan;
  let topology = scan.topology;
  let matching: ValidationReport['matching'] = null;
  const problems = { ...summary.problems };
  if (topology !== null) {
    if (topology.valves_unknown_pipe > 0) warnings.push('existing-valves-unknown-pipe');
    if (topology.missing_node_ids > 0) warnings.push('node-ids-incomplete');
  } else if (kind === 'valves') {
    const points = scan.valvePoints;
    const near = current === null ? 0 : await countNearPipes(tenant, current, points, o.snap_tolerance_m);
    const ends = current === null ? new Map() : await tenant((tx) => pipeEndsOf(tx, current));
    topology = { ...EMPTY_TOPOLOGY, valves_far: points.length - near };
    const links = checkValveLinks(scan.valveLinks, ends, {
      pipe: o.mapping['nativePipeId']!,
      node: o.mapping['node'],
    });
    Object.assign(problems, links.problems);
    if (links.unknownPipes > 0) {
      if (o.answers.unknown_pipe_ids === 'unlinked') warnings.push('valves-unknown-pipe');
      else blocking.push('valves-unknown-pipe');
    }
  } else if (kind === 'breaks') {
    matching = await matchCounts(tenant, current, scan.breaks, o.snap_tolerance_m);
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
  tenant: TenantStep,
  current: number | null,
  breaks: readonly { id: string | null; geometry: Geometry | null }[],
  toleranceM: number,
) {
  if (current === null) return { by_id: 0, by_snap: 0, unmatched: breaks.length };
  const known = await tenant((tx) => pipeIdsOf(tx, current));
  const byId = breaks.filter((b) => b.id !== null && known.has(b.id)).length;
  const rest = breaks
    .filter((b) => (b.id === null || !known.has(b.id)) && b.geometry !== null)
    .map((b) => b.geometry!);
  const bySnap = await countNearPipes(tenant, current, rest, toleranceM);
  return { by_id: byId, by_snap: bySnap, unmatched: breaks.length - byId - bySnap };
}
