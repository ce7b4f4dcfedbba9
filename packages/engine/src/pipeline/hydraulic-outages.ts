// Hydraulic COF for a dataset: only when the scenario asks for it, the dataset has an EPANET model, its
// pipes carry that model's node ids and every pipe is a link of the model (by native id, else id). Then one
// EPANET closure run per valve isolation segment (cof/hydraulic.ts). Otherwise the caller falls back to
// valve mode, with the reason as a note.
import type { Workspace } from 'epanet-js';
import { loadEpanet } from '../cof/epanet-loader.ts';
import { type ClosureOptions, analyzeClosures } from '../cof/hydraulic.ts';
import type { SegmentOutages } from '../cof/outage.ts';
import { segmentClosures, segmentOutages } from '../cof/segment-closures.ts';
import type { VisAnalysis } from '../vis/analysis.ts';
import type { DatasetNetwork } from './network.ts';
import type { DatasetInputs } from './types.ts';
import type { OnProgress } from '../progress/progress.ts';

export interface HydraulicEngine {
  /** An EPANET workspace (loadEpanet), or the EPANET WASM bytes to load one from. */
  readonly workspace?: Workspace;
  readonly wasmBinary?: Uint8Array;
  readonly closure?: ClosureOptions;
}

export type HydraulicPlan =
  | { readonly ok: true; readonly epanetLinkIds: Readonly<Record<string, string>> }
  | { readonly ok: false; readonly reason: string };

/** Whether hydraulic COF can run on this dataset, and the topology → EPANET link ids if so. */
export function hydraulicPlan(
  inputs: DatasetInputs,
  network: DatasetNetwork,
  engine: HydraulicEngine | undefined,
): HydraulicPlan {
  const inp = network.inp;
  if (inputs.epanetInp === null || inp === null)
    return { ok: false, reason: 'the dataset has no EPANET model' };
  if (network.mode !== 'nodes')
    return { ok: false, reason: 'the pipes carry no EPANET node ids (fromNode/toNode)' };
  if (engine?.workspace === undefined && engine?.wasmBinary === undefined)
    return { ok: false, reason: 'no EPANET engine was supplied to the COF stage' };
  const nodes = new Set([...inp.junctions, ...inp.reservoirs, ...inp.tanks].map((n) => n.id));
  const links = new Set(inp.pipes.map((p) => p.id));
  const epanetLinkIds: Record<string, string> = { ...network.inpLinkIds };
  let unmatched = 0;
  for (const p of inputs.pipes) {
    if (p.abandoned) continue;
    const link = links.has(p.nativeId) ? p.nativeId : links.has(p.id) ? p.id : null;
    if (link === null || !nodes.has(p.fromNode!) || !nodes.has(p.toNode!)) unmatched++;
    else epanetLinkIds[p.id] = link;
  }
  if (unmatched > 0)
    return { ok: false, reason: `${unmatched} pipes do not match a pipe and its nodes in the EPANET model` };
  return { ok: true, epanetLinkIds };
}

export async function hydraulicOutages(
  inpText: string,
  vis: VisAnalysis,
  epanetLinkIds: Readonly<Record<string, string>>,
  engine: HydraulicEngine,
  onProgress?: OnProgress,
): Promise<SegmentOutages> {
  const workspace = engine.workspace ?? (await loadEpanet(engine.wasmBinary!));
  const closures = segmentClosures(vis, epanetLinkIds);
  const analysis = analyzeClosures(workspace, inpText, closures, engine.closure, onProgress);
  return segmentOutages(analysis);
}
