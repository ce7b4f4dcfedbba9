// Public surface of @pipewise/engine. Pure analysis: plain data in, plain data out (ARCHITECTURE.md).
// Names are listed explicitly (STYLE.md: no `export *`).

// --- epanet: .inp import ---
export { createInpParser, formatInpError, parseInp } from './epanet/inp-parser.ts';
export type { InpParser, InpParserOptions } from './epanet/inp-parser.ts';
export type {
  FlowUnits,
  InpCoordinate,
  InpDemand,
  InpJunction,
  InpModel,
  InpOptions,
  InpParseError,
  InpParseResult,
  InpPipe,
  InpPoint,
  InpPump,
  InpReservoir,
  InpStatus,
  InpTag,
  InpTank,
  InpValve,
  PipeStatus,
  UnitSystem,
  ValveType,
} from './epanet/inp-types.ts';

// --- network: topology ---
export { LinkKind, NodeKind, TopologyError, buildTopology, degree, isSource } from './network/topology.ts';
export type { LinkInput, NodeInput, Topology } from './network/topology.ts';
export { topologyFromInp } from './network/from-inp.ts';
export { topologyFromLines } from './network/snap-nodes.ts';
export type { LinePipe, SnapOptions, SnappedNetwork } from './network/snap-nodes.ts';
export { localProjection, projectionFor } from './network/projection.ts';
export type { LocalProjection } from './network/projection.ts';
export { connectedComponents, danglingEnds } from './network/components.ts';
export type { Components } from './network/components.ts';
export { NetworkBuilder } from './network/builder.ts';
export type {
  BuilderNodeOptions,
  BuilderPipeOptions,
  BuilderValveOptions,
  BuiltNetwork,
} from './network/builder.ts';

// --- vis: valve isolation segments ---
export { resolveValves } from './vis/valves.ts';
export type { IsolationValve, ResolvedValves, ValveProblem } from './vis/valves.ts';
export { segmentNetwork } from './vis/segments.ts';
export type { Segmentation, SegmentationOptions } from './vis/segments.ts';
export { summarizeSegments } from './vis/segment-summary.ts';
export type { PipeVisAttributes, VisInputs, VisSegment } from './vis/segment-summary.ts';
export { LOF_HORIZONS_MONTHS } from './vis/lof.ts';
export type { ByHorizon, LofHorizon } from './vis/lof.ts';
export { supplyLoss } from './vis/supply-loss.ts';
export type { SupplyLoss } from './vis/supply-loss.ts';
export { analyzeVis } from './vis/analysis.ts';
export type { VisAnalysis } from './vis/analysis.ts';
export { isolatePipe } from './vis/pipe-isolation.ts';
export type { PipeIsolation } from './vis/pipe-isolation.ts';
export { toVisRecord } from './vis/vis-record.ts';
export type { VisRecord } from './vis/vis-record.ts';
export { valveCriticality } from './vis/criticality.ts';
export type { ValveCriticality } from './vis/criticality.ts';
export { snapPipesOf, snapValvePoints } from './vis/snap-valves.ts';
export type { SnapPipe, ValvePoint, ValveSnapResult } from './vis/snap-valves.ts';

// --- lof: likelihood of failure (Poisson gradient-boosted trees), backtest, risk drivers ---
export { analyzeLof, LOF_METHOD } from './lof/analysis.ts';
export type { LofAnalysis, LofAnalysisInput, LofModelCard } from './lof/analysis.ts';
export { trainLofModel, logRates } from './lof/model.ts';
export type { LofModel, LofTrainInput, LofTrainingSummary } from './lof/model.ts';
export { scoreLof, expectedBreaksByYear } from './lof/score.ts';
export type { ByMonths, LofScores, PipeLof } from './lof/score.ts';
export { backtestLof, BASELINE_FEATURES } from './lof/backtest.ts';
export type { FeatureImportance, LofBacktest, LofBacktestInput } from './lof/backtest.ts';
export type { RankingMetrics } from './lof/metrics.ts';
export { indexBreaks } from './lof/history.ts';
export type { BreakHistory } from './lof/history.ts';
export { DEFAULT_BOOST_PARAMS } from './lof/booster.ts';
export { DEFAULT_PANEL_OPTIONS } from './lof/panel.ts';
export {
  RANK_TIER_PERCENTS,
  cumBreakStep,
  cumulativeBreakShares,
  projectWideLof,
  rankPercentiles,
  rankTier,
} from './lof/rank.ts';
export type { RankTier } from './lof/rank.ts';
export { RISK_DRIVERS, RISK_DRIVER_CODES, riskDriverName } from './lof/drivers.ts';
export { msOfYear, yearOfMs } from './lof/time.ts';
export type { BoostParams, LofAttributeSpec, LofBreak, LofPipe, PanelOptions } from './lof/types.ts';

// --- rul: remaining useful life ---
export { DEFAULT_RUL_OPTIONS, remainingUsefulLife } from './rul/rul.ts';
export type { RulOptions } from './rul/rul.ts';

// --- random: seeded PRNG ---
export { mulberry32 } from './random/mulberry32.ts';
export type { Random } from './random/mulberry32.ts';

// --- synth: deterministic synthetic demo town (issue 3) and the EPANET writer it uses ---
export {
  DEFAULT_CITY_CENTER,
  DEFAULT_MISSING_RATE,
  SYNTHETIC_NOTE,
  SYNTH_GENERATOR_VERSION,
  generateCity,
} from './synth/generate.ts';
export { HAZARD_MODEL, breakRate } from './synth/hazard.ts';
export { ALLOWED_DIAMETERS_MM, hazenWilliamsC } from './synth/materials.ts';
export { POPULATION_BASE_YEAR, POPULATION_YEARS } from './synth/areas.ts';
export type {
  GenerateCityOptions,
  SynthArea,
  SynthBreak,
  SynthCity,
  SynthFacility,
  SynthMaskedValue,
  SynthMetadata,
  SynthNode,
  SynthPipe,
  SynthPlant,
  SynthPointAsset,
  SynthPopulationRegion,
  SynthStorage,
  SynthStreet,
  SynthValve,
} from './synth/types.ts';
export { inpLines, writeInp } from './epanet/write-inp.ts';
