-- Faster analysis loads and writes (issue 13: a 100k-pipe COF re-run under 30 s).
-- 1. pipes.point, the point that places a pipe in an area or population region, kept by the database and indexed:
--    the regions and areas probe the pipes instead of every pipe probing them (modules/analysis/load-inputs.ts). A
--    column rather than an expression index: under row-level security an index condition may hold only LEAKPROOF
--    functions, and ST_PointOnSurface is not one.
-- 2. The bulk result tables refer to their run with one foreign key (analysis, client, dataset) instead of one per
--    column: one check per written row instead of three, and a row can no longer name another client or dataset
--    than its run's. Deleting a dataset or client still removes the rows, through their analyses (ON DELETE CASCADE).
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_run_key" UNIQUE("id","client_id","dataset_id");
--> statement-breakpoint
ALTER TABLE "area_results" DROP CONSTRAINT "area_results_analysis_id_analyses_id_fk";
--> statement-breakpoint
ALTER TABLE "area_results" DROP CONSTRAINT "area_results_client_id_clients_id_fk";
--> statement-breakpoint
ALTER TABLE "area_results" DROP CONSTRAINT "area_results_dataset_id_datasets_id_fk";
--> statement-breakpoint
ALTER TABLE "pipe_results" DROP CONSTRAINT "pipe_results_analysis_id_analyses_id_fk";
--> statement-breakpoint
ALTER TABLE "pipe_results" DROP CONSTRAINT "pipe_results_client_id_clients_id_fk";
--> statement-breakpoint
ALTER TABLE "pipe_results" DROP CONSTRAINT "pipe_results_dataset_id_datasets_id_fk";
--> statement-breakpoint
ALTER TABLE "vis_segments" DROP CONSTRAINT "vis_segments_analysis_id_analyses_id_fk";
--> statement-breakpoint
ALTER TABLE "vis_segments" DROP CONSTRAINT "vis_segments_client_id_clients_id_fk";
--> statement-breakpoint
ALTER TABLE "vis_segments" DROP CONSTRAINT "vis_segments_dataset_id_datasets_id_fk";
--> statement-breakpoint
ALTER TABLE "pipes" ADD COLUMN "point" geometry(Geometry,4326) GENERATED ALWAYS AS (ST_PointOnSurface(geom)) STORED NOT NULL;
--> statement-breakpoint
ALTER TABLE "area_results" ADD CONSTRAINT "area_results_run_fk" FOREIGN KEY ("analysis_id","client_id","dataset_id") REFERENCES "public"."analyses"("id","client_id","dataset_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "pipe_results" ADD CONSTRAINT "pipe_results_run_fk" FOREIGN KEY ("analysis_id","client_id","dataset_id") REFERENCES "public"."analyses"("id","client_id","dataset_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "vis_segments" ADD CONSTRAINT "vis_segments_run_fk" FOREIGN KEY ("analysis_id","client_id","dataset_id") REFERENCES "public"."analyses"("id","client_id","dataset_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "pipes_point_idx" ON "pipes" USING gist ("point");
--> statement-breakpoint
-- The new point column has no statistics until analysed, and a COF re-run does not analyse its inputs.
ANALYZE pipes;
