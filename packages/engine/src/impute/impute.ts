// Virtual pipes (issue 4): install year, material and diameter of every pipe with a likelihood per
// category and a status (spec 000 §3/§4: 0 provided, 1 imputed, 2 overridden). Two experts per attribute
// — the pipe's neighbours (network, street, nearest) and a naive-Bayes model of the other attributes
// trained on the provided rows — combined with exponents fitted for calibration (fit.ts), in a few
// chained-equation rounds (MICE, van Buuren 2011) so imputed values inform each other and their
// neighbours. Overrides win, count as known facts and keep status 2; provided values are never changed.
import { DATA_ORIGIN, MATERIAL, type DataOrigin, type MaterialCode } from '@pipewise/domain';
import { trainAttributeModel, attributeEvidence, logPrior, type AttributeModel } from './attribute-model.ts';
import { attributeColumns, diameterCoding, lengthColumn, materialCoding, yearCoding } from './categories.ts';
import { combineInto, fitWeights, sampleRows, type Evidence, type EvidenceSamples } from './fit.ts';
import { PRIOR_STRENGTHS, neighbourEvidence, neighbourValueIn } from './neighbour-evidence.ts';
import { buildNeighbours, type NeighbourGraph } from './neighbours.ts';
import { newTargetState, softmaxInto, type TargetState } from './state.ts';
import {
  TARGETS,
  type ExpertWeights,
  type ImputeInput,
  type ImputeResult,
  type ImputedAttribute,
  type PipeImputation,
  type TargetName,
} from './types.ts';
import { phases, steps, type OnProgress } from '../progress/progress.ts';

export const IMPUTE_METHOD =
  'neighbour vote (network, street, k nearest) × naive Bayes on other attributes, calibrated exponents, chained rounds';

/**
 * Below this share of pipes carrying an attribute (or MIN_KNOWN_PIPES of them), its missing values are left unknown
 * instead of estimated (issue 15: with no install year mapped every pipe got 1902, shown as imputed). With fewer
 * than a quarter known, most pipes' neighbours (network, street, 8 nearest) carry no value either, and an estimate
 * is mostly the prior of a few pipes: a number the utility could not defend.
 */
export const MIN_KNOWN_SHARE = 0.25;
export const MIN_KNOWN_PIPES = 30;

/** Likelihoods below this are dropped from the maps (and the rest renormalised) to keep them small. */
const MIN_LIKELIHOOD = 1e-4;
/** Update order: material first (best determined), then diameter, then the year it helps most. */
const ORDER: readonly TargetName[] = ['materialTypeCode', 'diameterMm', 'installYear'];

type Raw = Record<TargetName, (number | null)[]>;

function rawValues(input: ImputeInput, unknownIsMissing: boolean): { raw: Raw; overridden: Raw } {
  const byId = new Map((input.overrides ?? []).map((o) => [o.pipeId, o]));
  const raw: Raw = { installYear: [], materialTypeCode: [], diameterMm: [] };
  const overridden: Raw = { installYear: [], materialTypeCode: [], diameterMm: [] };
  for (const p of input.pipes) {
    const o = byId.get(p.id);
    const material = unknownIsMissing && p.materialTypeCode === MATERIAL.UNKNOWN ? null : p.materialTypeCode;
    const provided = { installYear: p.installYear, materialTypeCode: material, diameterMm: p.diameterMm };
    for (const t of TARGETS) {
      const value = o?.[t] ?? null;
      const given = provided[t];
      overridden[t].push(value);
      raw[t].push(value ?? (given !== null && Number.isFinite(given) ? given : null));
    }
  }
  return { raw, overridden };
}

/** Progress: the neighbour graph, each round of each attribute, the outputs (shares on a 20k-pipe town). */
export function imputePipes(input: ImputeInput, onProgress?: OnProgress): ImputeResult {
  const o = input.options ?? {};
  const yearBinYears = o.yearBinYears ?? 5;
  const rounds = Math.max(1, o.rounds ?? 3);
  const progress = phases(onProgress, { neighbours: 0.15, rounds: 0.79, outputs: 0.06 });
  const updated = steps(progress.rounds, rounds * ORDER.length);
  const { pipes } = input;
  const n = pipes.length;
  const { raw, overridden } = rawValues(input, o.unknownMaterialIsMissing ?? true);
  const known = (t: TargetName) => raw[t].filter((v): v is number => v !== null);
  const codings = {
    installYear: yearCoding(known('installYear'), yearBinYears),
    materialTypeCode: materialCoding(),
    diameterMm: diameterCoding(known('diameterMm')),
  };
  const states = Object.fromEntries(
    TARGETS.map((t) => [t, newTargetState(codings[t], Int32Array.from(raw[t], codings[t].encode))]),
  ) as Record<TargetName, TargetState>;
  const columns = [lengthColumn(pipes), ...attributeColumns(pipes)];
  const graph = buildNeighbours(pipes, input.topology, {
    kNearest: o.kNearest ?? 8,
    maxNeighbourM: o.maxNeighbourM ?? 400,
  });
  const models = Object.fromEntries(
    TARGETS.map((t) => [
      t,
      trainAttributeModel(
        states[t],
        TARGETS.filter((s) => s !== t).map((s) => states[s]),
        columns,
      ),
    ]),
  ) as Record<TargetName, AttributeModel>;
  progress.neighbours(1);
  const weights = {} as Record<TargetName, ExpertWeights>;
  for (let round = 0; round < rounds; round++) {
    ORDER.forEach((t, ti) => {
      weights[t] = updateTarget(states[t], models[t], graph, input.seed + 7919 * round + 104729 * ti);
      updated(round * ORDER.length + ti + 1);
    });
  }
  const minKnownShare = o.minKnownShare ?? MIN_KNOWN_SHARE;
  const minKnownPipes = o.minKnownPipes ?? MIN_KNOWN_PIPES;
  const knownCount = (t: TargetName) => raw[t].filter((v) => v !== null).length;
  const estimable = (t: TargetName) => {
    const k = knownCount(t);
    return k >= minKnownPipes && k >= minKnownShare * n;
  };
  const output = TARGETS.map((t) => pipeOutputs(t, states[t], graph, raw, overridden[t], estimable(t)));
  const result: PipeImputation[] = pipes.map((p, i) => ({
    id: p.id,
    installYear: output[0]![i]!,
    materialTypeCode: output[1]![i]! as ImputedAttribute<MaterialCode>,
    diameterMm: output[2]![i]!,
  }));
  const count = (t: TargetName, status: DataOrigin) =>
    output[TARGETS.indexOf(t)]!.filter((a) => a.status === status).length;
  const perTarget = (f: (t: TargetName) => number) =>
    Object.fromEntries(TARGETS.map((t) => [t, f(t)])) as Record<TargetName, number>;
  return {
    pipes: result,
    summary: {
      method: IMPUTE_METHOD,
      rounds,
      yearBinYears,
      categories: {
        installYear: codings.installYear.labels,
        materialTypeCode: codings.materialTypeCode.labels,
        diameterMm: codings.diameterMm.labels,
      },
      weights,
      imputed: perTarget((t) => count(t, DATA_ORIGIN.IMPUTED)),
      overridden: perTarget((t) => count(t, DATA_ORIGIN.OVERRIDDEN)),
      known: perTarget(knownCount),
      unknown: perTarget((t) => output[TARGETS.indexOf(t)]!.filter((a) => a.value === null).length),
      minKnownShare,
      minKnownPipes,
      withNeighbours: Array.from({ length: n }, (_, i) => graph.start[i + 1]! > graph.start[i]!).filter(
        Boolean,
      ).length,
    },
  };
}

function updateTarget(state: TargetState, model: AttributeModel, graph: NeighbourGraph, seed: number) {
  const K = state.coding.size;
  const scratch = new Float64Array(K);
  const evidence = (i: number, e: Evidence, priorWeight: number): Evidence => {
    logPrior(model, state, i, e.base);
    attributeEvidence(model, state, i, e.attribute);
    neighbourEvidence(graph, state, model.prior, i, scratch, e.neighbour, priorWeight);
    return e;
  };
  const fresh = (): Evidence => ({
    base: new Float64Array(K),
    attribute: new Float64Array(K),
    neighbour: new Float64Array(K),
  });
  const knownRows: number[] = [];
  state.known.forEach((y, i) => y >= 0 && knownRows.push(i));
  const rows = sampleRows(knownRows, seed);
  let w: ExpertWeights = { attribute: 1, neighbour: 1, neighbourPriorWeight: PRIOR_STRENGTHS[1] };
  let bestLoss = Infinity;
  // The prior and attribute evidence do not depend on the prior weight: computed once, the neighbours' per weight.
  const samples: EvidenceSamples = {
    base: new Float64Array(rows.length * K),
    attribute: new Float64Array(rows.length * K),
    neighbour: new Float64Array(rows.length * K),
    y: Int32Array.from(rows, (i) => state.known[i]!),
  };
  const scratchEvidence = fresh();
  rows.forEach((i, s) => {
    logPrior(model, state, i, scratchEvidence.base);
    attributeEvidence(model, state, i, scratchEvidence.attribute);
    samples.base.set(scratchEvidence.base, s * K);
    samples.attribute.set(scratchEvidence.attribute, s * K);
  });
  for (const priorWeight of rows.length > 0 ? PRIOR_STRENGTHS : []) {
    rows.forEach((i, s) => {
      neighbourEvidence(graph, state, model.prior, i, scratch, scratchEvidence.neighbour, priorWeight);
      samples.neighbour.set(scratchEvidence.neighbour, s * K);
    });
    const fit = fitWeights(samples, K);
    if (fit.loss < bestLoss - 1e-9) {
      [w, bestLoss] = [{ ...fit.weights, neighbourPriorWeight: priorWeight }, fit.loss];
    }
  }
  const next = new Float64Array(state.posterior.length);
  const logits = new Float64Array(K);
  const reused = fresh();
  for (let i = 0; i < state.known.length; i++) {
    combineInto(evidence(i, reused, w.neighbourPriorWeight), w, logits);
    softmaxInto(logits, next, i * K);
  }
  state.posterior = next;
  state.soft = true;
  return w;
}

function pipeOutputs(
  t: TargetName,
  state: TargetState,
  graph: NeighbourGraph,
  raw: Raw,
  overridden: readonly (number | null)[],
  /** Enough pipes carry the attribute to estimate it; otherwise a missing value stays unknown. */
  estimable: boolean,
): ImputedAttribute<number>[] {
  const { coding, posterior } = state;
  const K = coding.size;
  return raw[t].map((value, i) => {
    if (!estimable)
      return value === null
        ? { value: null, status: DATA_ORIGIN.PROVIDED, imputed: null, likelihood: {} }
        : {
            value,
            status: overridden[i] !== null ? DATA_ORIGIN.OVERRIDDEN : DATA_ORIGIN.PROVIDED,
            imputed: null,
            likelihood: {},
          };
    let best = 0;
    for (let y = 1; y < K; y++) if (posterior[i * K + y]! > posterior[i * K + best]!) best = y;
    const near = t === 'installYear' ? neighbourValueIn(graph, state, raw[t], i, best) : null;
    const imputed = near !== null ? Math.round(near) : coding.representative[best]!;
    const likelihood: Record<string, number> = {};
    let sum = 0;
    for (let y = 0; y < K; y++) if (posterior[i * K + y]! >= MIN_LIKELIHOOD) sum += posterior[i * K + y]!;
    for (let y = 0; y < K; y++) {
      const p = posterior[i * K + y]!;
      if (p >= MIN_LIKELIHOOD) likelihood[coding.labels[y]!] = p / sum;
    }
    const status: DataOrigin =
      overridden[i] !== null
        ? DATA_ORIGIN.OVERRIDDEN
        : value !== null
          ? DATA_ORIGIN.PROVIDED
          : DATA_ORIGIN.IMPUTED;
    return { value: value ?? imputed, status, imputed, likelihood };
  });
}
