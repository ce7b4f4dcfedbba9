// Wire shapes of the analysis runs of a dataset (issue 4; docs/api-analysis.md).
import { z } from 'zod';

export const ANALYSIS_STAGES = [
  'queued',
  'preprocess',
  'lof',
  'cof',
  'tiling',
  'complete',
  'failed',
  'cancelled',
] as const;
export const analysisStageSchema = z.enum(ANALYSIS_STAGES);
export type AnalysisStageName = z.infer<typeof analysisStageSchema>;
/** The stages of a run still queued or under way (the rest have ended). */
export const RUNNING_ANALYSIS_STAGES: readonly AnalysisStageName[] = [
  'queued',
  'preprocess',
  'lof',
  'cof',
  'tiling',
];

/**
 * The features every LOF model is trained on (engine lof/features.ts BASE_FEATURES, which a test keeps equal): the
 * model card names each in the user's language. Columns the utility chose come as `attr:<column>`.
 */
export const LOF_BASE_FEATURES = [
  'ageYears',
  'installYear',
  'installYearMissing',
  'material',
  'diameterMm',
  'diameterMissing',
  'lengthM',
  'previousBreaks',
  'recentBreaks5y',
  'yearsSinceLastBreak',
  'neverBroken',
] as const;
export const LOF_ATTRIBUTE_PREFIX = 'attr:';

/** Why a run started; each has a label in every language (issue 38: `cof_scenario` was shown raw). */
export const ANALYSIS_REASONS = ['import', 'seed', 'execute', 'override', 'cof_scenario', 'nightly'] as const;
export type AnalysisReason = (typeof ANALYSIS_REASONS)[number];

export const analysisRunSchema = z.object({
  id: z.number().int(),
  dataset_id: z.number().int(),
  stage: analysisStageSchema,
  /** 0–100 over the whole run; it moves within a stage too. */
  progress: z.number(),
  /**
   * Seconds left while it runs, from its pace so far (progress over time since it started); null while that says
   * little (under 5 points or 10 s of progress) and once it has ended (issue 15).
   */
  eta_seconds: z.number().int().nullable(),
  /**
   * While it waits to start (stage queued): its place among the runs of every client, 1 being the next to start
   * once the runs under way have ended, and about how many seconds until it starts (issue 18). Null otherwise.
   */
  queue_position: z.number().int().nullable().optional(),
  queue_wait_seconds: z.number().int().nullable().optional(),
  reason: z.enum(ANALYSIS_REASONS),
  error: z.string().nullable(),
  /** Seconds per finished stage. */
  timings: z.record(z.string(), z.number()),
  /** This run's results are the ones the map and details show. */
  served: z.boolean(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type AnalysisRun = z.infer<typeof analysisRunSchema>;
export const analysisRunListSchema = z.array(analysisRunSchema);

export const analysisExecuteResponseSchema = z.object({
  analysis_id: z.number().int(),
  status: z.number().int(),
});
export type AnalysisExecuteResponse = z.infer<typeof analysisExecuteResponseSchema>;
