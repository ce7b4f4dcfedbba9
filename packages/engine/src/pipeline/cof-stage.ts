// Stage 3: consequence of failure, business risk exposure (BRE = LOF 12 months × COF, levels 1–5) and the
// area aggregates. It takes each pipe's stored preprocess values and 12-month LOF (CofPipeFigures: cofFigures) and
// rebuilds the network and its segments from the dataset (deterministic, the same as stage 1). A segment's LOF is
// the LOF stage's: no price changes it. Hydraulic scenarios run EPANET when
// the dataset allows it (hydraulic-outages.ts) and otherwise fall back to valve mode with a note.
// Abandoned pipes have no consequence: cofTotal 0, every detail 0, cofLevel ABANDONED_COF_LEVEL (0, below
// the levels 1–5 of the assessed pipes), BRE and BRE level null.
// A break's affected pipes and valves are its segment's (vis/pipe-isolation.ts) in every calculation mode, so
// they are not repeated per pipe: the segment (preprocess segmentId) names them. Copying the segment's list
// into each of its pipes grew with the square of a segment and ran a valveless 16k-pipe network out of memory.
import type { JapanClientFields } from '@pipewise/domain';
import { computeBre } from '../bre/bre.ts';
import { defaultCofScenario } from '../cof/defaults.ts';
import { areaMembersOf, customAmounts } from '../cof/custom.ts';
import { type CofDetails, computeCof } from '../cof/model.ts';
import type { SegmentOutages } from '../cof/outage.ts';
import { type CalculationKind, calculationKindOf, scenarioType, switchCalculation } from '../cof/scenario.ts';
import { analyzeVis } from '../vis/analysis.ts';
import { areaResults } from './aggregates.ts';
import { cofBasisRecord } from './cof-basis.ts';
import { cofPipeOf, facilitiesOf, MAX_FACILITY_SNAP_M } from './cof-inputs.ts';
import { type HydraulicEngine, hydraulicOutages, hydraulicPlan } from './hydraulic-outages.ts';
import { datasetNetwork } from './network.ts';
import { monotone, phases, type OnProgress } from '../progress/progress.ts';
import type { CofPipeFigures, CofStageResult, DatasetInputs, PipeCofResult } from './types.ts';

export const ABANDONED_COF_LEVEL = 0;

export const COF_DETAIL_KEYS = [
  'direct',
  'intenseRepair',
  'standardRepair',
  'indirect',
  'noWater',
  'trafficDisruption',
  'criticalFacilities',
  'propertyDamage',
  'environment',
  'custom',
  'customersWithoutWater',
] as const satisfies readonly (keyof CofDetails)[];

export interface CofStageOptions {
  /** EPANET for hydraulic scenarios (the engine does no I/O: the caller reads the WASM bytes). */
  readonly hydraulic?: HydraulicEngine;
  /** The client, for the JP rule hiding the environment row (000 §6). */
  readonly client?: JapanClientFields;
  /** Segments the preprocess found (its visSummary.segments): a rebuilt network that differs gets a note. */
  readonly preprocessSegments?: number;
  /** Progress 0–1: the network, the segments, EPANET's closure runs (hydraulic), the pricing. */
  readonly onProgress?: OnProgress;
}

export async function cofStage(
  inputs: DatasetInputs,
  figures: readonly CofPipeFigures[],
  options: CofStageOptions = {},
): Promise<CofStageResult> {
  const notes: string[] = [];
  let scenario = inputs.cofScenario ?? defaultCofScenario(inputs.country);
  let kind: CalculationKind = calculationKindOf(scenarioType(scenario.costMaster));
  // Shares on a 20k-pipe town; one EPANET run per segment outweighs the rest together.
  const progress = phases(monotone(options.onProgress), {
    network: 0.3,
    vis: 0.1,
    hydraulic: kind === 'hydraulic' ? 3 : 0,
    price: 0.6,
  });
  const network = datasetNetwork(inputs);
  notes.push(...network.notes);
  progress.network(1);
  const active = inputs.pipes.filter((p) => !p.abandoned);
  // A dataset's people are along its pipes (their base-year population): no node holds any, so each is counted
  // once, with the pipe (cof/outage.ts). Splitting them onto the end nodes left a pipe valved at both ends, a
  // segment without nodes, with nobody to cut off (issue 38: $0 without water for a pipe of 76 people).
  const nodePopulation = {};
  const vis = analyzeVis(network.topology, network.valves);
  progress.vis(1);
  const stored = options.preprocessSegments;
  if (stored !== undefined && vis.segments.length !== stored)
    notes.push(`The network now has ${vis.segments.length} segments, the stored preprocess ${stored}.`);

  let hydraulic: SegmentOutages | undefined;
  if (kind === 'hydraulic') {
    const plan = hydraulicPlan(inputs, network, options.hydraulic);
    if (plan.ok) {
      hydraulic = await hydraulicOutages(
        inputs.epanetInp!,
        vis,
        plan.epanetLinkIds,
        options.hydraulic!,
        progress.hydraulic,
      );
    } else {
      kind = 'valve';
      scenario = { ...scenario, costMaster: switchCalculation(scenario.costMaster, 'valve') };
      notes.push(
        `Hydraulic COF is not possible (${plan.reason}): customers without water use valve isolation.`,
      );
    }
  }
  progress.hydraulic(1);

  const figuresById = new Map(figures.map((f) => [f.pipeId, f]));
  const custom = customAmounts(
    scenario.customCofs,
    active.map((p) => {
      const v = figuresById.get(p.id);
      return {
        id: p.id,
        materialTypeCode: v?.materialTypeCode ?? null,
        diameterMm: v?.diameterMm ?? null,
        installYear: v?.installYear ?? null,
        roadType: p.roadType ?? null,
      };
    }),
    areaMembersOf(scenario.customCofs, inputs.areas),
  );
  const { facilities, ignored } = facilitiesOf(inputs, network);
  if (ignored > 0)
    notes.push(
      `${ignored} critical facilities farther than ${MAX_FACILITY_SNAP_M} m from the network are ignored.`,
    );
  const cof = computeCof({
    scenario,
    pipes: active.map((p) => {
      const v = figuresById.get(p.id);
      if (v === undefined) throw new Error(`pipe '${p.id}' has no preprocess result`);
      const amounts = custom.get(p.id);
      return amounts ? { ...cofPipeOf(p, v), custom: amounts } : cofPipeOf(p, v);
    }),
    vis,
    nodePopulation,
    facilities,
    valveNativeIds: Object.fromEntries(inputs.valves.map((v) => [v.id, v.nativeId])),
    ...(hydraulic ? { hydraulic } : {}),
    ...(options.client ? { client: options.client } : {}),
  });
  progress.price(0.9);
  if (active.length < inputs.pipes.length)
    notes.push('Abandoned pipes have no consequence: cofTotal 0, cofLevel 0, BRE null.');
  const detailsById = new Map(cof.pipes.map((d) => [d.pipeId, d]));
  const pipes: PipeCofResult[] = inputs.pipes.map((p) => {
    const d = detailsById.get(p.id);
    if (d === undefined) return abandoned(p.id);
    return {
      pipeId: p.id,
      cofTotal: d.cofTotal,
      cofLevel: d.level,
      cof: cofRecord(d, kind),
      bre: null,
      breLevel: null,
    };
  });
  const priced: CofStageResult = {
    pipes,
    areas: [],
    summary: {
      scenarioName: scenario.name,
      scenarioType: cof.scenarioType,
      calculation: kind,
      currency: cof.currency,
      levelBreaks: cof.levelBreaks,
      breLevelBreaks: [],
      hideEnvironment: cof.hideEnvironment,
      totalCof: cof.pipes.reduce((sum, d) => sum + d.cofTotal, 0),
      notes,
    },
  };
  const result = withLof(priced, inputs, figures);
  progress.price(1);
  return result;
}

/**
 * The part of the stage that reads the LOF: each pipe's BRE (its 12-month LOF × its COF) and level, the BRE level
 * breaks, and the areas' aggregates, from a priced result whose LOF figures were not known yet. The analysis job
 * prices a dataset while its LOF model trains (the consequence reads no LOF) and completes it here once the LOF is
 * stored: the same figures as the whole stage run after the LOF (cof-stage.test.ts).
 */
export function withLof(
  priced: CofStageResult,
  inputs: Pick<DatasetInputs, 'pipes' | 'areas'>,
  figures: readonly CofPipeFigures[],
): CofStageResult {
  const lof12: Record<string, Record<number, number>> = {};
  for (const f of figures) if (f.lof12 !== null) lof12[f.pipeId] = { 12: f.lof12 };
  // Abandoned pipes have no consequence and no BRE: only the assessed ones count towards the levels.
  const assessed = priced.pipes.filter((_, i) => !inputs.pipes[i]!.abandoned);
  const bre = computeBre(assessed, lof12, 12);
  const breById = new Map(bre.pipes.map((b) => [b.pipeId, b]));
  const pipes = priced.pipes.map((p): PipeCofResult => {
    const b = breById.get(p.pipeId);
    return b === undefined ? p : { ...p, bre: b.total, breLevel: b.level };
  });
  const areas = areaResults(
    inputs.areas,
    new Map(inputs.pipes.map((p) => [p.id, p])),
    new Map(figures.map((f) => [f.pipeId, f])),
    new Map(pipes.map((p) => [p.pipeId, p])),
  );
  return { pipes, areas, summary: { ...priced.summary, breLevelBreaks: bre.levelBreaks } };
}

/**
 * A pipe's stored COF record: its details, then its pricing basis. Written key by key, so every pipe's record shares
 * one shape: spreading Object.fromEntries made each a dictionary, slow to build, to collect and to copy out of the
 * thread (5 s of a 100k-pipe stage's 15 s).
 */
export function cofRecord(d: CofDetails, kind: CalculationKind): Record<string, number> {
  const record: Record<string, number> = {};
  for (const k of COF_DETAIL_KEYS) record[k] = d[k];
  const basis = cofBasisRecord(d, kind);
  for (const k of Object.keys(basis)) record[k] = basis[k]!;
  return record;
}

function abandoned(pipeId: string): PipeCofResult {
  return {
    pipeId,
    cofTotal: 0,
    cofLevel: ABANDONED_COF_LEVEL,
    cof: Object.fromEntries(COF_DETAIL_KEYS.map((k) => [k, 0])),
    bre: null,
    breLevel: null,
  };
}
