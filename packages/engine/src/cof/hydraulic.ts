// Hydraulic COF (001 §3 hydraulicCalculation): which junctions lose water when a segment is shut. Method of
// WNTR's pipe_segments_tutorial (fixture SOURCE.md): close the segment's links from `startS` for
// `durationS`, run EPANET 2.2 pressure-driven (DEMAND MODEL PDA, minimum/required pressure), and report the
// junctions whose pressure falls below the service pressure at any reporting time after the closure, less
// those already below it without the closure. EPANET gives a node cut off by closed links a head through
// their tiny residual conductance, so (as WNTR's simulator, which zeroes isolated junctions) junctions that no
// open path joins to a reservoir or tank are added from the graph. One extended-period run per closure on one open project
// (controls added, run, removed), so a dataset costs one model load plus one run per segment.
import type { Workspace } from 'epanet-js';
import { type LinkGraph, linkGraph, unreachable } from './reachability.ts';
import {
  ControlType,
  CountType,
  DemandModel,
  FlowUnits,
  InitHydOption,
  NodeProperty,
  NodeType,
  Project,
  TimeParameter,
} from 'epanet-js';
import { steps, type OnProgress } from '../progress/progress.ts';

export interface ClosureOptions {
  /** Closure start, s (WNTR tutorial: 2 h). */
  readonly startS?: number;
  /** Closure length, s (WNTR tutorial: 12 h). */
  readonly durationS?: number;
  /** PDA: no water below this pressure, m (5 psi = 3.52 m). */
  readonly minimumPressureM?: number;
  /** PDA: full demand from this pressure, m (20 psi = 14.06 m). */
  readonly requiredPressureM?: number;
  readonly pressureExponent?: number;
  /** A junction is without water below this pressure, m; default the minimum pressure. */
  readonly servicePressureM?: number;
}

export const DEFAULT_CLOSURE_OPTIONS: Required<ClosureOptions> = {
  startS: 2 * 3600,
  durationS: 12 * 3600,
  minimumPressureM: 3.52,
  requiredPressureM: 14.06,
  pressureExponent: 0.5,
  servicePressureM: 3.52,
};

export interface Closure {
  readonly key: string;
  /** EPANET link ids to close; unknown ids are ignored and listed in `unknownLinks`. */
  readonly linkIds: readonly string[];
}

export interface ClosureResult {
  /** Junctions below the service pressure during the closure and not below without it. */
  readonly junctionsWithoutWater: readonly string[];
  readonly unknownLinks: readonly string[];
}

export interface ClosureAnalysis {
  /** Junctions already below the service pressure with nothing closed (excluded from every result). */
  readonly baselineLow: readonly string[];
  readonly results: ReadonlyMap<string, ClosureResult>;
  /** Junctions with a non-zero base demand (WNTR's "NZD junctions"). */
  readonly demandJunctions: readonly string[];
}

/** EPANET's own conversion (PSIperFT 0.4333, 0.3048 m/ft): US flow units report pressure in psi. */
const PSI_PER_M = 0.4333 / 0.3048;

/**
 * Closes each closure's links in turn on one model and reports the junctions left without water. `onProgress`
 * hears the share of closures run, about every 1 % of them: one EPANET run each, the whole of a hydraulic COF.
 */
export function analyzeClosures(
  workspace: Workspace,
  inpText: string,
  closures: readonly Closure[],
  options: ClosureOptions = {},
  onProgress?: OnProgress,
): ClosureAnalysis {
  const ran = steps(onProgress, closures.length, closures.length / 100);
  const o = { ...DEFAULT_CLOSURE_OPTIONS, ...options };
  if (options.servicePressureM === undefined) o.servicePressureM = o.minimumPressureM;
  const project = new Project(workspace);
  workspace.writeFile('cof.inp', inpText);
  project.open('cof.inp', 'cof.rpt', '');
  try {
    const perM = project.getFlowUnits() < FlowUnits.LPS ? PSI_PER_M : 1;
    project.setDemandModel(
      DemandModel.PDA,
      o.minimumPressureM * perM,
      o.requiredPressureM * perM,
      o.pressureExponent,
    );
    project.setTimeParameter(TimeParameter.Duration, o.startS + o.durationS);
    const junctions = junctionIndices(project);
    const graph = linkGraph(project);
    const threshold = o.servicePressureM * perM;
    const reportStepS = project.getTimeParameter(TimeParameter.ReportStep);
    project.openH();
    const baseline = lowJunctions(
      project,
      graph,
      new Set(),
      junctions.indices,
      threshold,
      o.startS,
      reportStepS,
    );
    const results = new Map<string, ClosureResult>();
    let done = 0;
    for (const closure of closures) {
      const unknownLinks: string[] = [];
      const controls: number[] = [];
      const closed = new Set<number>();
      for (const id of closure.linkIds) {
        let link: number;
        try {
          link = project.getLinkIndex(id);
        } catch {
          unknownLinks.push(id);
          continue;
        }
        closed.add(link);
        controls.push(project.addControl(ControlType.Timer, link, 0, 0, o.startS));
      }
      const low = lowJunctions(project, graph, closed, junctions.indices, threshold, o.startS, reportStepS);
      for (const c of controls.reverse()) project.deleteControl(c);
      const without: string[] = [];
      for (const j of low) if (!baseline.has(j)) without.push(junctions.ids[j]!);
      results.set(closure.key, { junctionsWithoutWater: without, unknownLinks });
      ran(++done);
    }
    project.closeH();
    return {
      baselineLow: [...baseline].map((j) => junctions.ids[j]!),
      results,
      demandJunctions: junctions.withDemand,
    };
  } finally {
    project.close();
  }
}

interface Junctions {
  readonly indices: readonly number[];
  readonly ids: Readonly<Record<number, string>>;
  readonly withDemand: readonly string[];
}

function junctionIndices(project: Project): Junctions {
  const indices: number[] = [];
  const ids: Record<number, string> = {};
  const withDemand: string[] = [];
  const count = project.getCount(CountType.NodeCount);
  for (let i = 1; i <= count; i++) {
    if (project.getNodeType(i) !== NodeType.Junction) continue;
    const id = project.getNodeId(i);
    indices.push(i);
    ids[i] = id;
    let demand = 0;
    const categories = project.getNumberOfDemands(i);
    for (let d = 1; d <= categories; d++) demand += Math.abs(project.getBaseDemand(i, d));
    if (demand > 0) withDemand.push(id);
  }
  return { indices, ids, withDemand };
}

/** Runs the period and returns the junctions below `threshold` at any reporting time from `fromS`. */
function lowJunctions(
  project: Project,
  graph: LinkGraph,
  closed: ReadonlySet<number>,
  indices: readonly number[],
  threshold: number,
  fromS: number,
  reportStepS: number,
): Set<number> {
  const low = new Set<number>();
  project.initH(InitHydOption.NoSave);
  for (;;) {
    const t = project.runH();
    if (t >= fromS && (reportStepS <= 0 || t % reportStepS === 0)) {
      for (const j of indices) if (project.getNodeValue(j, NodeProperty.Pressure) < threshold) low.add(j);
      for (const j of unreachable(project, graph, closed)) low.add(j);
    }
    if (project.nextH() <= 0) break;
  }
  return low;
}
