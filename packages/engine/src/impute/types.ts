// Inputs and outputs of virtual-pipe imputation (issue 4; spec 000 §3 Pipe statuses, imputed values and
// likelihood maps; 001 §3 virtual pipe attributes). Plain data, lon/lat (EPSG:4326), SI units in names.
import type { DataOrigin, MaterialCode } from '@pipewise/domain';
import type { Topology } from '../network/topology.ts';

export type LonLatPair = readonly [number, number];
export type AttributeValue = string | number | boolean | null;

export interface ImputePipe {
  readonly id: string;
  /** Vertices in lon/lat; or give `endpoints` (and optionally `midpoint`). */
  readonly coordinates?: readonly LonLatPair[];
  readonly endpoints?: readonly [LonLatPair, LonLatPair];
  readonly midpoint?: LonLatPair;
  readonly lengthM: number;
  readonly diameterMm: number | null;
  readonly installYear: number | null;
  readonly materialTypeCode: MaterialCode | null;
  /** Pipes sharing this key were laid together (street name, road segment id). */
  readonly street?: string | null;
  /** Other categorical facts, e.g. roadType, pressureZone. */
  readonly attributes?: Readonly<Record<string, AttributeValue>>;
}

export interface ImputeOverride {
  readonly pipeId: string;
  readonly installYear?: number;
  readonly materialTypeCode?: MaterialCode;
  readonly diameterMm?: number;
}

export interface ImputeOptions {
  /** Width of the install-year categories; default 5. */
  readonly yearBinYears?: number;
  /** Nearest pipes by midpoint used as neighbours; default 8. */
  readonly kNearest?: number;
  /** Neighbours farther than this (midpoint to midpoint) are ignored; default 400 m. */
  readonly maxNeighbourM?: number;
  /** Chained-equation rounds; default 3. */
  readonly rounds?: number;
  /** A recorded UNKNOWN material carries no information and is imputed; default true. */
  readonly unknownMaterialIsMissing?: boolean;
  /**
   * An attribute is estimated only when at least this share of the pipes carry it (default 0.25, MIN_KNOWN_SHARE)
   * and at least `minKnownPipes` (default 30); otherwise its missing values stay unknown (value null).
   */
  readonly minKnownShare?: number;
  readonly minKnownPipes?: number;
}

export interface ImputeInput {
  readonly pipes: readonly ImputePipe[];
  /** Network whose link ids are pipe ids; otherwise pipe ends within 1 m are joined. */
  readonly topology?: Topology;
  readonly seed: number;
  readonly overrides?: readonly ImputeOverride[];
  readonly options?: ImputeOptions;
}

export interface ImputedAttribute<T> {
  /**
   * The value to use: overridden, else provided, else imputed; null (status PROVIDED) where the attribute is
   * missing and too few pipes carry it to estimate it (ImputeOptions.minKnownShare).
   */
  readonly value: T | null;
  readonly status: DataOrigin;
  /** The model's estimate, also for provided and overridden values (for comparison); null when not estimated. */
  readonly imputed: T | null;
  /** Probability per category (keys: year-bin start, material code, diameter in mm); sums to 1. */
  readonly likelihood: Readonly<Record<string, number>>;
}

export interface PipeImputation {
  readonly id: string;
  readonly installYear: ImputedAttribute<number>;
  readonly materialTypeCode: ImputedAttribute<MaterialCode>;
  readonly diameterMm: ImputedAttribute<number>;
}

export type TargetName = 'installYear' | 'materialTypeCode' | 'diameterMm';
export const TARGETS: readonly TargetName[] = ['installYear', 'materialTypeCode', 'diameterMm'];

export interface ExpertWeights {
  /** Exponent of the attribute (naive-Bayes) evidence. */
  readonly attribute: number;
  /** Exponent of the neighbour evidence. */
  readonly neighbour: number;
  /** Pseudo-weight of the prior in the neighbour vote. */
  readonly neighbourPriorWeight: number;
}

export interface ImputeSummary {
  readonly method: string;
  readonly rounds: number;
  readonly yearBinYears: number;
  readonly categories: Readonly<Record<TargetName, readonly string[]>>;
  readonly weights: Readonly<Record<TargetName, ExpertWeights>>;
  readonly imputed: Readonly<Record<TargetName, number>>;
  readonly overridden: Readonly<Record<TargetName, number>>;
  /** Pipes that carry the attribute (provided or overridden). */
  readonly known: Readonly<Record<TargetName, number>>;
  /** Missing values left unknown: the attribute is carried by too few pipes to estimate it. */
  readonly unknown: Readonly<Record<TargetName, number>>;
  /** The share of pipes an attribute needs before its missing values are estimated. */
  readonly minKnownShare: number;
  readonly minKnownPipes: number;
  /** Pipes with at least one spatial, network or street neighbour. */
  readonly withNeighbours: number;
}

export interface ImputeResult {
  readonly pipes: PipeImputation[];
  readonly summary: ImputeSummary;
}
