// Stage 1 of a dataset's analysis: topology, virtual pipes (imputed install year, material, diameter) and
// valve isolation segments. Abandoned pipes are not part of the network: they keep their provided (or
// overridden) values, status 0 (2 when overridden) even when the value is missing, and segment null.
import type { MaterialCode } from '@pipewise/domain';
import { imputePipes } from '../impute/impute.ts';
import type { ImputeOverride, ImputedAttribute, ImputePipe } from '../impute/types.ts';
import { connectedComponents } from '../network/components.ts';
import { analyzeVis } from '../vis/analysis.ts';
import type { PipeVisAttributes } from '../vis/segment-summary.ts';
import { datasetNetwork, pipeVertices } from './network.ts';
import { addPopulation, basePopulation } from './population.ts';
import { monotone, phases, type OnProgress } from '../progress/progress.ts';
import type {
  DatasetInputs,
  DatasetPipe,
  ImputedValue,
  PipePreprocess,
  PreprocessResult,
  SegmentRecord,
} from './types.ts';

/** Progress: the network, the imputation, the segments (VIS), by their share on a 20k-pipe town. */
export function preprocessDataset(inputs: DatasetInputs, onProgress?: OnProgress): PreprocessResult {
  const progress = phases(monotone(onProgress), { network: 0.13, impute: 0.8, vis: 0.07 });
  const network = datasetNetwork(inputs);
  progress.network(1);
  const { topology } = network;
  const active = inputs.pipes.filter((p) => !p.abandoned);
  const imputed = imputePipes(
    {
      pipes: active.map(imputePipeOf),
      topology,
      seed: inputs.seed,
      overrides: active.flatMap(overrideOf),
    },
    progress.impute,
  );
  progress.impute(1);
  const byId = new Map(active.map((p, i) => [p.id, imputed.pipes[i]!]));
  const breaks = breakCounts(inputs);
  const pipeAttributes: Record<string, PipeVisAttributes> = {};
  for (const p of active) {
    pipeAttributes[p.id] = {
      installYear: byId.get(p.id)!.installYear.value,
      breakCount: breaks.get(p.id) ?? 0,
    };
  }
  const vis = analyzeVis(topology, network.valves, { pipeAttributes });
  progress.vis(1);
  const pipesById = new Map(inputs.pipes.map((p) => [p.id, p]));
  const segments: SegmentRecord[] = vis.segments.map((s) => {
    const projectedPopulation: Record<string, number> = {};
    let population = 0;
    for (const id of s.pipeIds) {
      const pipe = pipesById.get(id)!;
      population += basePopulation(pipe.population);
      addPopulation(projectedPopulation, pipe.population);
    }
    return {
      id: s.id,
      pipeIds: s.pipeIds,
      valveIds: s.valveIds,
      valvesToClose: s.valvesToClose,
      inoperableValveIds: s.inoperableValveIds,
      lengthM: s.lengthM,
      installYear: s.installYear,
      breaks: s.breaks,
      population,
      projectedPopulation,
    };
  });
  const pipes: PipePreprocess[] = inputs.pipes.map((p) => {
    const imp = byId.get(p.id);
    if (imp === undefined) return abandonedPipe(p);
    const link = topology.linkIndex.get(p.id);
    return {
      pipeId: p.id,
      installYear: valueOf(imp.installYear),
      materialTypeCode: valueOf(imp.materialTypeCode),
      diameterMm: valueOf(imp.diameterMm),
      segmentId: link === undefined ? null : vis.segmentation.segmentOfLink[link]!,
    };
  });
  return {
    pipes,
    segments,
    imputeSummary: imputed.summary,
    visSummary: {
      nodes: topology.nodeIds.length,
      components: connectedComponents(topology).count,
      segments: segments.length,
      valvesSnapped: network.valves.length,
      valvesUnsnapped: network.valvesUnsnapped.length,
      largestSegmentM: segments.reduce((m, s) => Math.max(m, s.lengthM), 0),
    },
  };
}

function imputePipeOf(p: DatasetPipe): ImputePipe {
  const coordinates = pipeVertices(p);
  const attributes: Record<string, string> = {};
  if (p.roadType !== null) attributes.roadType = p.roadType;
  if (p.pressureZone !== null) attributes.pressureZone = p.pressureZone;
  return {
    id: p.id,
    ...(coordinates.length > 0 ? { coordinates } : {}),
    lengthM: p.lengthM,
    installYear: p.installYear,
    materialTypeCode: p.materialTypeCode,
    diameterMm: p.diameterMm,
    // Pipes on one street were often laid together: the address without its house number.
    street: p.address === null ? null : p.address.replace(/^[\d\s-]+/, '').trim() || null,
    attributes,
  };
}

function overrideOf(p: DatasetPipe): ImputeOverride[] {
  const o = p.overrides;
  if (o.installYear === undefined && o.materialTypeCode === undefined && o.diameterMm === undefined)
    return [];
  return [{ pipeId: p.id, ...o }];
}

function breakCounts(inputs: DatasetInputs): Map<string, number> {
  const counts = new Map<string, number>();
  for (const b of inputs.breaks) if (b.pipeId !== null) counts.set(b.pipeId, (counts.get(b.pipeId) ?? 0) + 1);
  return counts;
}

function valueOf<T>(a: ImputedAttribute<T>): ImputedValue<T> {
  return { value: a.value, status: a.status as 0 | 1 | 2, imputed: a.imputed, likelihood: a.likelihood };
}

function provided<T>(value: T | null, override: T | undefined): ImputedValue<T> {
  return override !== undefined
    ? { value: override, status: 2, imputed: null, likelihood: null }
    : { value, status: 0, imputed: null, likelihood: null };
}

function abandonedPipe(p: DatasetPipe): PipePreprocess {
  const o = p.overrides;
  return {
    pipeId: p.id,
    installYear: provided(p.installYear, o.installYear),
    materialTypeCode: provided<MaterialCode>(p.materialTypeCode, o.materialTypeCode),
    diameterMm: provided(p.diameterMm, o.diameterMm),
    segmentId: null,
  };
}
