// The analysis pipeline of one dataset as plain data (issue 4; ARCHITECTURE.md "Analysis pipeline"): what the
// server loads from PostGIS, and what each stage returns for it to store. Stages are separate calls so the server
// can persist each result and resume after a restart: a later stage takes only the dataset and the *stored*
// results of earlier stages (plain arrays), never in-memory objects. Ids are strings (the database ids as text).
import type { MaterialCode } from '@pipewise/domain';
import type { CofScenario } from '../cof/scenario.ts';
import type { LofModelCard } from '../lof/analysis.ts';
import type { PriorLofCard, PriorLofScoring } from '../lof/prior.ts';
import type { LofModel } from '../lof/model.ts';
import type { RulCalibration } from '../rul/rul.ts';
import type { ImputeSummary } from '../impute/types.ts';
import type { BoostParams, PanelOptions } from '../lof/types.ts';

export type LonLat = readonly [number, number];

export interface DatasetPipe {
  readonly id: string;
  readonly nativeId: string;
  /** Parts of the MultiLineString, each a list of [lon, lat]; empty when the source had no geometry. */
  readonly parts: readonly (readonly LonLat[])[];
  readonly lengthM: number;
  /** Provided values (null = missing, imputed by the preprocess stage). */
  readonly installYear: number | null;
  readonly materialTypeCode: MaterialCode | null;
  readonly diameterMm: number | null;
  /** The user's corrections (DATA_ORIGIN 2). */
  readonly overrides: {
    readonly installYear?: number;
    readonly materialTypeCode?: MaterialCode;
    readonly diameterMm?: number;
  };
  readonly abandoned: boolean;
  readonly address: string | null;
  readonly roadType: string | null;
  readonly pressureZone: string | null;
  /** EPANET node ids when the pipes came from a hydraulic model (topology then uses them, not snapping). */
  readonly fromNode: string | null;
  readonly toNode: string | null;
  /** Projected population served (by year, from population regions in SQL) and rate of change %/year. */
  readonly population: Readonly<Record<string, number>> | null;
  readonly rateOfChange: Readonly<Record<string, number>> | null;
  /** Other source columns (soil, static pressure…), offered to the LOF model when useful. */
  readonly attrs: Readonly<Record<string, unknown>>;
}

export interface DatasetBreak {
  readonly pipeId: string | null;
  /** Epoch ms (UTC) of the break date: the start of its period when only the year or month is known. */
  readonly dateMs: number;
  /** How much of the date the record kept (issue 40); default 'day'. */
  readonly datePrecision?: 'year' | 'month' | 'day';
}

export interface DatasetValve {
  readonly id: string;
  readonly nativeId: string;
  /** The pipe it was linked to at import (native id, else nearest); null = snap by position. */
  readonly pipeId: string | null;
  /**
   * The node id of its pipe's end it closes, as the file gave it (issue 16); used when the pipes carry node ids and
   * it is an end of its pipe. Otherwise the end nearer to its position.
   */
  readonly nodeId?: string | null;
  readonly position: LonLat;
  readonly normallyClosed: boolean;
  readonly operable: boolean;
}

/** Reservoirs, purification plants (sources of the network) and critical facilities, by position. */
export interface DatasetPointAsset {
  readonly id: string;
  readonly kind: 'reservoir' | 'purification_plant' | 'critical_facility';
  readonly facilityType: string | null;
  readonly position: LonLat;
}

/** Which pipes lie in which mesh cell, district or custom zone (from SQL: midpoint within the area). */
export interface DatasetAreaMembership {
  readonly areaId: string;
  readonly pipeIds: readonly string[];
}

export interface DatasetInputs {
  readonly datasetId: string;
  /** Client country (US, JP, DE…): default COF scenario, population years. */
  readonly country: string;
  readonly seed: number;
  /** Score as of this instant (epoch ms); default the last break (demo data) or now. */
  readonly asOfMs?: number;
  /**
   * The instant the analysis runs (epoch ms), passed in by the caller: without `asOfMs` and without break history a
   * prior LOF (lof/prior.ts) is scored as of it (absent: as of the newest install year).
   */
  readonly nowMs?: number;
  readonly pipes: readonly DatasetPipe[];
  readonly breaks: readonly DatasetBreak[];
  readonly valves: readonly DatasetValve[];
  readonly pointAssets: readonly DatasetPointAsset[];
  readonly areas: readonly DatasetAreaMembership[];
  /** The dataset's EPANET model (.inp text) when it has one: hydraulic COF and node ids. */
  readonly epanetInp: string | null;
  /** The enabled COF scenario, else the country default. */
  readonly cofScenario: CofScenario | null;
  /** Ends closer than this are one node (m); default 0.5. */
  readonly snapToleranceM?: number;
  /** Valves without a pipe (or on an abandoned one) join the nearest pipe within this distance (m); default 10. */
  readonly valveSnapToleranceM?: number;
  /** LOF model options (tests and benchmarks use smaller models); the defaults otherwise. */
  readonly lofOptions?: DatasetLofOptions;
  /**
   * Source columns of the pipes (DatasetPipe.attrs) the utility chose as risk factors at import
   * (datasets.metadata.lof_features); no other free column is a feature (pipeline/lof-attributes.ts).
   */
  readonly lofFeatureColumns?: readonly string[];
}

export interface DatasetLofOptions {
  readonly params?: Partial<BoostParams>;
  readonly panel?: Partial<PanelOptions>;
  /** Backtest windows in years; default [1, 3]; [] skips the backtest. */
  readonly backtestHorizonsYears?: readonly number[];
}

// ---------- stage 1: preprocess (topology, imputation, valve isolation segments) ----------

export interface ImputedValue<T> {
  readonly value: T | null;
  /** DATA_ORIGIN: 0 provided, 1 imputed, 2 overridden. */
  readonly status: 0 | 1 | 2;
  readonly imputed: T | null;
  readonly likelihood: Readonly<Record<string, number>> | null;
}

/** The values a pipe is analysed with: the user's override, else the provided value, else the imputed one. */
export interface PipeValues {
  readonly installYear: number | null;
  readonly materialTypeCode: MaterialCode | null;
  readonly diameterMm: number | null;
}

export interface PipePreprocess {
  readonly pipeId: string;
  readonly installYear: ImputedValue<number>;
  readonly materialTypeCode: ImputedValue<MaterialCode>;
  readonly diameterMm: ImputedValue<number>;
  /** Valve isolation segment id (index into PreprocessResult.segments); null for pipes outside the topology. */
  readonly segmentId: number | null;
}

export interface SegmentRecord {
  readonly id: number;
  readonly pipeIds: readonly string[];
  readonly valveIds: readonly string[];
  readonly valvesToClose: readonly string[];
  readonly inoperableValveIds: readonly string[];
  readonly lengthM: number;
  readonly installYear: number | null;
  readonly breaks: number;
  /** Sum of the members' population in the base year (the lowest year key of each pipe's record:
   * population.ts), and by projection year. */
  readonly population: number;
  readonly projectedPopulation: Readonly<Record<string, number>>;
}

export interface PreprocessResult {
  readonly pipes: readonly PipePreprocess[];
  readonly segments: readonly SegmentRecord[];
  readonly imputeSummary: ImputeSummary;
  readonly visSummary: {
    readonly nodes: number;
    readonly components: number;
    readonly segments: number;
    readonly valvesSnapped: number;
    readonly valvesUnsnapped: number;
    readonly largestSegmentM: number;
  };
}

// ---------- stage 2: LOF and RUL ----------

export interface PipeLofResult {
  readonly pipeId: string;
  /** By horizon in months (12, 24, 36, 60); null when the pipe cannot be scored. */
  readonly lof: Readonly<Record<string, number>> | null;
  readonly lofAbsolute: Readonly<Record<string, number>> | null;
  readonly cumBreaks: Readonly<Record<string, number>> | null;
  readonly rank: Readonly<Record<string, number>>;
  readonly breaksPerKmYear: number | null;
  readonly riskDrivers: readonly number[];
  readonly rul: number | null;
}

/**
 * What scoring one more pipe needs without training again (pipeline/rescore.ts): the model, the instant the pipes
 * were scored as of and the RUL calibration (threshold and ageing law fitted on the network). Plain data, stored with
 * the run (analyses.lof_scoring).
 */
export interface LofScoring {
  readonly model: LofModel;
  readonly asOfYear: number;
  readonly rul: RulCalibration;
}

export interface LofStageResult {
  readonly pipes: readonly PipeLofResult[];
  /** Null (or absent) without a model. */
  readonly scoring?: LofScoring | null;
  /** Each preprocess segment's LOF: its members' combined (aggregates.ts segmentLofs); no price changes it. */
  readonly segments: readonly SegmentLof[];
  /**
   * Null when the break record cannot support a model; `unavailable` then says why, and every pipe is scored by the
   * prior (`prior`, lof/prior.ts) instead.
   */
  readonly card: LofModelCard | null;
  readonly unavailable?: string;
  /** The prior LOF the pipes carry when no model could be trained: its card and what re-scores with it. */
  readonly prior?: { readonly card: PriorLofCard; readonly scoring: PriorLofScoring } | null;
  /** E.g. the record was too short to hold a year out for the backtest. */
  readonly notes?: readonly string[];
}

// ---------- stage 3: COF, BRE and aggregates ----------

/**
 * What the COF stage reads of a pipe's earlier results (cofFigures): the preprocess values and the 12-month LOF. Flat
 * on purpose: the stage runs in a thread, and copying 100k records nested like PipeLofResult into it took ten times
 * as long as copying these.
 */
export interface CofPipeFigures extends PipeValues {
  readonly pipeId: string;
  /** P(≥ 1 break) and expected breaks in 12 months; null when the pipe is not scored. */
  readonly lof12: number | null;
  readonly lofAbsolute12: number | null;
  readonly riskDrivers: readonly number[];
}

export interface PipeCofResult {
  readonly pipeId: string;
  readonly cofTotal: number;
  readonly cofLevel: number;
  /** direct, intenseRepair, standardRepair, indirect, noWater, trafficDisruption, criticalFacilities,
   * propertyDamage, environment, custom, customersWithoutWater. */
  readonly cof: Readonly<Record<string, number>>;
  readonly bre: number | null;
  readonly breLevel: number | null;
}

export interface SegmentLof {
  readonly segmentId: number;
  readonly lof: Readonly<Record<string, number>>;
  readonly expectedBreaksPerKm: Readonly<Record<string, number | null>>;
}

export interface AreaResult {
  readonly areaId: string;
  readonly pipes: number;
  readonly lengthM: number;
  /** P(≥ 1 break in 12 months) = 1 − Π(1 − lof12): saturates at 100 % over a few hundred pipes. */
  readonly lof12: number | null;
  /**
   * Expected breaks in 12 months, Σ of the scored members' (aggregates.ts expectedBreaks12); per km and year it is
   * this over lengthM / 1000. Null when no member is scored.
   */
  readonly expectedBreaks12: number | null;
  /** Length of the members in service in the top risk tiers (BRE level ≥ TOP_RISK_MIN_LEVEL), m. */
  readonly topRiskLengthM: number;
  readonly riskDrivers: readonly number[];
  /** Σ COF and Σ BRE of its members in service, in the scenario's currency (0 without priced members). */
  readonly totalCof: number;
  readonly totalBre: number;
}

export interface CofStageResult {
  readonly pipes: readonly PipeCofResult[];
  readonly areas: readonly AreaResult[];
  readonly summary: {
    readonly scenarioName: string;
    readonly scenarioType: number;
    readonly calculation: 'standard' | 'valve' | 'hydraulic';
    readonly currency: string;
    readonly levelBreaks: readonly number[];
    readonly breLevelBreaks: readonly number[];
    readonly hideEnvironment: boolean;
    readonly totalCof: number;
    readonly notes: readonly string[];
  };
}
