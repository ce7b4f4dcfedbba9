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
export {
  PRIOR_AGEING,
  PRIOR_LOF_METHOD,
  PRIOR_LOF_SOURCE,
  priorBreaksPer100Miles,
  priorLofCard,
  priorRate,
  priorRates,
  scorePriorLof,
} from './lof/prior.ts';
export type { PriorLof, PriorLofCard, PriorLofInput, PriorLofScoring, PriorRate } from './lof/prior.ts';
export type { ByMonths, LofScores, PipeLof } from './lof/score.ts';
export { backtestCutoff, backtestLof, BACKTEST_RESAMPLES } from './lof/backtest.ts';
export type { FeatureImportance, LofBacktest, LofBacktestInput } from './lof/backtest.ts';
export {
  averageOverCutoffs,
  PEER_CUTOFF_YEARS,
  PEER_HORIZONS_YEARS,
  PEER_MEASURES,
  PEER_RANKINGS,
  peerProtocol,
} from './lof/peer-protocol.ts';
export type {
  Estimate,
  PeerEstimates,
  PeerProtocolInput,
  PeerRanking,
  PeerWindow,
} from './lof/peer-protocol.ts';
export type { PeerMeasures } from './lof/peer-measures.ts';
export { indexBreaks } from './lof/history.ts';
export type { BreakHistory } from './lof/history.ts';
export { DEFAULT_BOOST_PARAMS } from './lof/booster.ts';
export { DEFAULT_PANEL_OPTIONS } from './lof/panel.ts';
export {
  RANK_TIER_PERCENTS,
  cumBreakStep,
  cumulativeBreakShares,
  projectWideLof,
  rankAmong,
  rankPercentiles,
  rankTier,
  shareAmong,
} from './lof/rank.ts';
export type { RankTier } from './lof/rank.ts';
export { RISK_DRIVERS, RISK_DRIVER_CODES, riskDriverName } from './lof/drivers.ts';
export { msOfYear, yearOfMs } from './lof/time.ts';
export type {
  BoostParams,
  DatePrecision,
  LofAttributeSpec,
  LofBreak,
  LofPipe,
  PanelOptions,
} from './lof/types.ts';

// --- rul: remaining useful life ---
export { analyzeRul, DEFAULT_RUL_OPTIONS, isRulCalibration, remainingUsefulLife } from './rul/rul.ts';
export type { RulAnalysis, RulCalibration, RulOptions } from './rul/rul.ts';
export type { AgeingLaw } from './rul/ageing.ts';

// --- progress: how far a stage's work is, for the run's progress and time left (issue 15) ---
export { monotone, phases, progressOf, steps } from './progress/progress.ts';
export type { OnProgress } from './progress/progress.ts';

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
  generateStreets,
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

// --- cof: consequence of failure (spec 001 §3/§4/§9; issue 4) ---
export {
  COF_COST_CODE,
  COF_FACTOR_GROUPS,
  COF_GROUP_CODE,
  COF_LEVELS,
  COF_LEVEL_NAMES,
  DEFAULT_STANDARD_REPAIR_COST,
  DIAMETER_TIERS,
  TIER_LOWER_BOUNDS_IN,
  diameterTier,
} from './cof/constants.ts';
export type { CofCostCode, CofFactorGroup, CofLevel, DiameterTier, TierValues } from './cof/constants.ts';
export { activeTierValue, calculationKindOf, scenarioType, switchCalculation } from './cof/scenario.ts';
export type {
  CalculationKind,
  CalculationMode,
  CofParameters,
  CofScenario,
  CostCalculations,
  CostLengthUnit,
  CostMaster,
  CurrencyCode as CofCurrencyCode,
  CustomCofRef,
  CustomCofRule,
  RoadType as CofRoadType,
  ScenarioType,
} from './cof/scenario.ts';
export { DEFAULT_FX_FROM_USD, US_PARAMETERS, defaultCofScenario } from './cof/defaults.ts';
export { computeCof } from './cof/model.ts';
export { type PriceBasis, UNKNOWN_DIAMETER_TIER } from './cof/pipe-price.ts';
export type { AssetRef, CofDetails, CofInputs, CofPipe, CofResult, CriticalFacility } from './cof/model.ts';
export { LEVEL_QUANTILES, cofLevels, levelOf, quantileBreaks } from './cof/levels.ts';
export { outageFinder } from './cof/outage.ts';
export { cofFactorGroups } from './cof/factor-groups.ts';
export type { Outage, OutageInputs, SegmentOutages } from './cof/outage.ts';
export { DEFAULT_CLOSURE_OPTIONS, analyzeClosures } from './cof/hydraulic.ts';
export type { Closure, ClosureAnalysis, ClosureOptions, ClosureResult } from './cof/hydraulic.ts';
export { segmentClosures, segmentOutages } from './cof/segment-closures.ts';
export { EPANET_WASM_RELATIVE_PATH, loadEpanet } from './cof/epanet-loader.ts';
export { cofNetworkOfCity } from './cof/from-city.ts';
export type { CityCofNetwork } from './cof/from-city.ts';

// --- bre: business risk exposure = LOF × COF ---
export { DEFAULT_BRE_HORIZON_MONTHS, computeBre } from './bre/bre.ts';
export type { BrePipe, BreResult, LofByPipe } from './bre/bre.ts';
export { BRE_RESTRICTED, restrictBre } from './bre/restrict.ts';
export type { Restricted, RestrictedBrePipe, RestrictedBreResult } from './bre/restrict.ts';

// --- impute: virtual pipes (issue 4) — install year, material and diameter with likelihood maps ---
export { IMPUTE_METHOD, imputePipes } from './impute/impute.ts';
export type {
  AttributeValue,
  ExpertWeights,
  ImputeInput,
  ImputeOptions,
  ImputeOverride,
  ImputePipe,
  ImputeResult,
  ImputeSummary,
  ImputedAttribute,
  LonLatPair,
  PipeImputation,
  TargetName,
} from './impute/types.ts';
export { evaluateImputation, maskKnownValues, scoreImputation } from './impute/evaluate.ts';
export type { EvaluateInput, ImputationEvaluation, ImputationScores, TruthValue } from './impute/evaluate.ts';
export { scoreCategorical } from './impute/metrics.ts';
export type { CategoryMetrics, ReliabilityBin, Scored } from './impute/metrics.ts';
export { neighbourMode } from './impute/baseline.ts';
export type { BaselineEstimate } from './impute/baseline.ts';
export { buildNeighbours } from './impute/neighbours.ts';
export type { NeighbourGraph, NeighbourOptions } from './impute/neighbours.ts';

// --- pipeline: one dataset's analysis in three resumable stages (issue 4; pipeline/types.ts) ---
export { preprocessDataset } from './pipeline/preprocess.ts';
export {
  backtestHorizons,
  lofBacktestStage,
  lofModelStage,
  lofStage,
  lofStageInputs,
  withBacktests,
} from './pipeline/lof-stage.ts';
export { ABANDONED_COF_LEVEL, COF_DETAIL_KEYS, cofStage, withLof } from './pipeline/cof-stage.ts';
export type { CofStageOptions } from './pipeline/cof-stage.ts';
export { type CofBasis, cofBasisOfRecord } from './pipeline/cof-basis.ts';
export type { HydraulicEngine } from './pipeline/hydraulic-outages.ts';
export {
  COF_ATTRIBUTE_KEYS,
  cofFigures,
  cofStageInputs,
  DEFAULT_FACILITY_TYPE,
  MAX_FACILITY_SNAP_M,
} from './pipeline/cof-inputs.ts';
export { DRIVER_POSITION_WEIGHTS, areaResults, segmentLofs } from './pipeline/aggregates.ts';
export { repriceCofPipe, rescorePipeLof } from './pipeline/rescore.ts';
export type { RescoredLof, StoredCof } from './pipeline/rescore.ts';
export { lofAttributes } from './pipeline/lof-attributes.ts';
export type { LofAttributes } from './pipeline/lof-attributes.ts';
export {
  DEFAULT_SNAP_TOLERANCE_M,
  DEFAULT_VALVE_SNAP_TOLERANCE_M,
  INP_LINK_PREFIX,
  datasetNetwork,
} from './pipeline/network.ts';
export type { DatasetNetwork } from './pipeline/network.ts';
export { baseYear, basePopulation } from './pipeline/population.ts';
export { datasetInputsOfCity, DEMO_LOF_FEATURES } from './pipeline/from-city.ts';
export type { CityDatasetOptions } from './pipeline/from-city.ts';
export type {
  AreaResult,
  CofPipeFigures,
  CofStageResult,
  DatasetAreaMembership,
  DatasetBreak,
  DatasetInputs,
  DatasetLofOptions,
  DatasetPipe,
  DatasetPointAsset,
  DatasetValve,
  ImputedValue,
  LofScoring,
  LofStageResult,
  LonLat,
  PipeCofResult,
  PipeLofResult,
  PipePreprocess,
  PipeValues,
  PreprocessResult,
  SegmentLof,
  SegmentRecord,
} from './pipeline/types.ts';

// --- programme: the long-term renewal programme (issue 39) ---
export { runProgramme } from './programme/programme.ts';
export type { ProgrammeInput, ProgrammeResult } from './programme/programme.ts';
export type { HoldFlatBudget } from './programme/hold-flat.ts';
export { programmeNetwork } from './programme/network.ts';
export type { Ageing, ProgrammeBuild, ServedPipe } from './programme/network.ts';
export {
  DEFAULT_REPLACEMENT,
  newPipeRates,
  publishedRatePerKm,
  replacementMaterial,
} from './programme/new-pipe-rates.ts';
export type { NewPipeRate, ReplacementRule } from './programme/new-pipe-rates.ts';
export type {
  ProgrammeNetwork,
  ProgrammePipe,
  ProgrammeStrategy,
  ProgrammeYear,
  ScenarioResult,
} from './programme/types.ts';

// --- planner: auto planner (candidate projects + HiGHS MILP), pipe finder, repair cost (spec 001 §3/§4/§9) ---
export {
  DEFAULT_MIP_REL_GAP,
  DEFAULT_TIME_LIMIT_S,
  DEFAULT_WORK_LIMIT,
  planProjects,
} from './planner/plan.ts';
export { DEFAULT_MAX_CANDIDATES } from './planner/candidates.ts';
export { loadHighs } from './planner/milp.ts';
export { DEFAULT_NODE_TOLERANCE_M, nodesFromEnds } from './planner/nodes.ts';
export type { PipeEnds } from './planner/nodes.ts';
export { selectHighRiskPipes } from './planner/pipe-finder.ts';
export type { PipeFinderCoverageType } from './planner/pipe-finder.ts';
export { repairCost } from './planner/repair-cost.ts';
export type {
  AutoPlanInput,
  AutoPlanResult,
  PlanExplanation,
  PlanProposal,
  PlanResultCode,
  PlannerPipe,
} from './planner/types.ts';
