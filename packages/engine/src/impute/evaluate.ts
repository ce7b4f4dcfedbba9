// Accuracy of imputation (issue 4): hide a seeded random share of the known values, impute, and score
// the hidden ones against the neighbour-mode baseline; or score against a known truth (the synthetic
// town's maskedTruth, whose missingness is not random: old pipes are missing more often).
import { MATERIAL } from '@pipewise/domain';
import { mulberry32 } from '../random/mulberry32.ts';
import { neighbourMode, type BaselineEstimate } from './baseline.ts';
import { imputePipes } from './impute.ts';
import { scoreCategorical, type CategoryMetrics, type Scored } from './metrics.ts';
import { buildNeighbours } from './neighbours.ts';
import { TARGETS, type ImputeInput, type ImputePipe, type ImputeSummary, type TargetName } from './types.ts';

export interface TruthValue {
  readonly pipeId: string;
  readonly installYear?: number;
  readonly materialTypeCode?: number;
  readonly diameterMm?: number;
}

export interface ImputationScores {
  readonly model: Readonly<Record<TargetName, CategoryMetrics>>;
  readonly baseline: Readonly<Record<TargetName, CategoryMetrics>>;
  readonly summary: ImputeSummary;
}

export interface EvaluateInput extends ImputeInput {
  /** Share of the known values of each attribute hidden; default 0.1. */
  readonly maskFraction?: number;
}

export interface ImputationEvaluation extends ImputationScores {
  readonly masked: Readonly<Record<TargetName, number>>;
}

/** Hides values independently per attribute with a seeded draw; returns the masked pipes and truths. */
export function maskKnownValues(
  pipes: readonly ImputePipe[],
  fraction: number,
  seed: number,
): { pipes: ImputePipe[]; truth: TruthValue[] } {
  const random = mulberry32(seed ^ 0x5bd1e995);
  const truth: TruthValue[] = [];
  const masked = pipes.map((p) => {
    const hidden: Record<string, number> = {};
    const copy: Record<TargetName, number | null> = {
      installYear: p.installYear,
      materialTypeCode: p.materialTypeCode,
      diameterMm: p.diameterMm,
    };
    for (const t of TARGETS) {
      const v = copy[t];
      const usable = v !== null && !(t === 'materialTypeCode' && v === MATERIAL.UNKNOWN);
      if (random() < fraction && usable) [hidden[t], copy[t]] = [v, null];
    }
    if (Object.keys(hidden).length > 0) truth.push({ pipeId: p.id, ...hidden });
    return { ...p, ...copy } as ImputePipe;
  });
  return { pipes: masked, truth };
}

/** Imputes `input.pipes` as given and scores model and baseline on the truths. */
export function scoreImputation(input: ImputeInput, truth: readonly TruthValue[]): ImputationScores {
  const result = imputePipes(input);
  const w = result.summary.yearBinYears;
  const graph = buildNeighbours(input.pipes, input.topology, {
    kNearest: input.options?.kNearest ?? 8,
    maxNeighbourM: input.options?.maxNeighbourM ?? 400,
  });
  const label: Record<TargetName, (v: number) => string> = {
    installYear: (v) => String(Math.floor(v / w) * w),
    materialTypeCode: String,
    diameterMm: (v) => String(Math.round(v * 10) / 10),
  };
  const unknownIsMissing = input.options?.unknownMaterialIsMissing ?? true;
  const baselines = Object.fromEntries(
    TARGETS.map((t) => {
      const values = input.pipes.map((p) => {
        const v = p[t];
        return t === 'materialTypeCode' && unknownIsMissing && v === MATERIAL.UNKNOWN ? null : v;
      });
      return [t, neighbourMode(graph, values, label[t])];
    }),
  ) as Record<TargetName, BaselineEstimate[]>;
  const index = new Map(input.pipes.map((p, i) => [p.id, i]));
  const rows = (t: TargetName, estimate: (i: number) => Omit<Scored, 'truth' | 'truthLabel'>) =>
    truth.flatMap((tr) => {
      const i = index.get(tr.pipeId);
      const v = tr[t];
      return i === undefined || v === undefined
        ? []
        : [{ truth: v, truthLabel: label[t](v), ...estimate(i) }];
    });
  const score = (f: (t: TargetName) => CategoryMetrics) =>
    Object.fromEntries(TARGETS.map((t) => [t, f(t)])) as Record<TargetName, CategoryMetrics>;
  return {
    model: score((t) =>
      scoreCategorical(
        // A value left unknown (too few pipes carry the attribute) scores as a miss.
        rows(t, (i) => ({
          estimate: result.pipes[i]![t].value ?? NaN,
          likelihood: result.pipes[i]![t].likelihood,
        })),
        t === 'installYear',
      ),
    ),
    baseline: score((t) =>
      scoreCategorical(
        rows(t, (i) => ({ estimate: baselines[t][i]!.value, likelihood: baselines[t][i]!.likelihood })),
        t === 'installYear',
      ),
    ),
    summary: result.summary,
  };
}

export function evaluateImputation(input: EvaluateInput): ImputationEvaluation {
  const { pipes, truth } = maskKnownValues(input.pipes, input.maskFraction ?? 0.1, input.seed);
  const scores = scoreImputation({ ...input, pipes }, truth);
  const masked = Object.fromEntries(
    TARGETS.map((t) => [t, truth.filter((tr) => tr[t] !== undefined).length]),
  ) as Record<TargetName, number>;
  return { ...scores, masked };
}
