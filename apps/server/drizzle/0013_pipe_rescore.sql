-- A pipe edit re-scores the edited pipe in place instead of re-running the whole analysis (issue 14: "a pipe edit is
-- cheap"; modules/assets/rescore-pipe.ts).
-- 1. analyses.lof_scoring: the run's trained LOF model with its scoring instant and RUL options. Null for runs of
--    earlier versions, runs without a model and runs no longer served: their edits fall back to a full analysis.
-- 2. datasets.edits_since_analysis: edits re-scored with the served model; the nightly sweep retrains where any are.
ALTER TABLE "datasets" ADD COLUMN "edits_since_analysis" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analyses" ADD COLUMN "lof_scoring" jsonb;
