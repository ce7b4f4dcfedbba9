-- Analysis results (issue 4): analyses, pipe_results, vis_segments, area_results, cof_scenarios; pipes keep the
-- user's overrides only (imputation moved to pipe_results); row-level security as in 0004.
CREATE TABLE "analyses" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"dataset_id" integer NOT NULL,
	"stage" text DEFAULT 'queued' NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"reason" text NOT NULL,
	"seed" integer NOT NULL,
	"cof_scenario_id" integer,
	"error" text,
	"lof_card" jsonb,
	"impute_summary" jsonb,
	"vis_summary" jsonb,
	"cof_summary" jsonb,
	"timings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"worker" text,
	"heartbeat_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "area_results" (
	"analysis_id" integer NOT NULL,
	"area_id" bigint NOT NULL,
	"client_id" integer NOT NULL,
	"dataset_id" integer NOT NULL,
	"pipes" integer NOT NULL,
	"length_m" double precision NOT NULL,
	"lof_12" real,
	"risk_drivers" smallint[],
	CONSTRAINT "area_results_analysis_id_area_id_pk" PRIMARY KEY("analysis_id","area_id")
);
--> statement-breakpoint
CREATE TABLE "cof_scenarios" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"snapshot_group_id" integer,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"country" text NOT NULL,
	"scenario" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pipe_results" (
	"analysis_id" integer NOT NULL,
	"pipe_id" bigint NOT NULL,
	"client_id" integer NOT NULL,
	"dataset_id" integer NOT NULL,
	"install_year" smallint,
	"material_type_code" smallint,
	"diameter_mm" real,
	"install_year_status" smallint DEFAULT 0 NOT NULL,
	"material_status" smallint DEFAULT 0 NOT NULL,
	"diameter_status" smallint DEFAULT 0 NOT NULL,
	"imputed_install_year" smallint,
	"imputed_material" smallint,
	"imputed_diameter" real,
	"install_year_likelihood" jsonb,
	"material_likelihood" jsonb,
	"diameter_likelihood" jsonb,
	"segment_id" integer,
	"population" jsonb,
	"rate_of_change" jsonb,
	"lof_12" real,
	"lof_24" real,
	"lof_36" real,
	"lof_60" real,
	"lof_absolute" jsonb,
	"cum_breaks" jsonb,
	"rank_12" real,
	"rank_24" real,
	"rank_36" real,
	"rank_60" real,
	"breaks_per_km_year" real,
	"risk_drivers" smallint[],
	"rul" real,
	"cof_total" double precision,
	"cof_level" smallint,
	"cof" jsonb,
	"affected_pipes" jsonb,
	"affected_valves" jsonb,
	"bre" double precision,
	"bre_level" smallint,
	CONSTRAINT "pipe_results_analysis_id_pipe_id_pk" PRIMARY KEY("analysis_id","pipe_id")
);
--> statement-breakpoint
CREATE TABLE "vis_segments" (
	"analysis_id" integer NOT NULL,
	"segment_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"dataset_id" integer NOT NULL,
	"geom" geometry(MultiLineString,4326) NOT NULL,
	"install_year" smallint,
	"breaks" integer DEFAULT 0 NOT NULL,
	"pipes" integer NOT NULL,
	"valves" integer NOT NULL,
	"length_m" double precision NOT NULL,
	"population" real DEFAULT 0 NOT NULL,
	"projected_population" jsonb,
	"lof_12" real,
	"lof" jsonb,
	"expected_breaks_per_km" jsonb,
	"valve_ids" bigint[],
	"valves_to_close" bigint[],
	"inoperable_valve_ids" bigint[],
	CONSTRAINT "vis_segments_analysis_id_segment_id_pk" PRIMARY KEY("analysis_id","segment_id")
);
--> statement-breakpoint
ALTER TABLE "datasets" ADD COLUMN "analysis_id" integer;--> statement-breakpoint
ALTER TABLE "pipes" ADD COLUMN "overrides" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "area_results" ADD CONSTRAINT "area_results_analysis_id_analyses_id_fk" FOREIGN KEY ("analysis_id") REFERENCES "public"."analyses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "area_results" ADD CONSTRAINT "area_results_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "area_results" ADD CONSTRAINT "area_results_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "area_results" ADD CONSTRAINT "area_results_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cof_scenarios" ADD CONSTRAINT "cof_scenarios_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipe_results" ADD CONSTRAINT "pipe_results_analysis_id_analyses_id_fk" FOREIGN KEY ("analysis_id") REFERENCES "public"."analyses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipe_results" ADD CONSTRAINT "pipe_results_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipe_results" ADD CONSTRAINT "pipe_results_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vis_segments" ADD CONSTRAINT "vis_segments_analysis_id_analyses_id_fk" FOREIGN KEY ("analysis_id") REFERENCES "public"."analyses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vis_segments" ADD CONSTRAINT "vis_segments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vis_segments" ADD CONSTRAINT "vis_segments_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analyses_dataset_idx" ON "analyses" USING btree ("dataset_id","id");--> statement-breakpoint
CREATE INDEX "cof_scenarios_group_idx" ON "cof_scenarios" USING btree ("client_id","snapshot_group_id");--> statement-breakpoint
CREATE INDEX "pipe_results_segment_idx" ON "pipe_results" USING btree ("analysis_id","segment_id");--> statement-breakpoint
CREATE INDEX "vis_segments_geom_idx" ON "vis_segments" USING gist ("geom");--> statement-breakpoint
ALTER TABLE "pipes" DROP COLUMN "diameter_status";--> statement-breakpoint
ALTER TABLE "pipes" DROP COLUMN "install_year_status";--> statement-breakpoint
ALTER TABLE "pipes" DROP COLUMN "material_status";--> statement-breakpoint
ALTER TABLE "pipes" DROP COLUMN "imputed_diameter";--> statement-breakpoint
ALTER TABLE "pipes" DROP COLUMN "imputed_install_year";--> statement-breakpoint
ALTER TABLE "pipes" DROP COLUMN "imputed_material";--> statement-breakpoint
ALTER TABLE "pipes" DROP COLUMN "diameter_likelihood";--> statement-breakpoint
ALTER TABLE "pipes" DROP COLUMN "install_year_likelihood";--> statement-breakpoint
ALTER TABLE "pipes" DROP COLUMN "material_likelihood";--> statement-breakpoint
ALTER TABLE analyses ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE analyses FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON analyses USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id());
--> statement-breakpoint
CREATE POLICY system_context ON analyses USING (NOT app_is_tenant()) WITH CHECK (NOT app_is_tenant());
--> statement-breakpoint
ALTER TABLE pipe_results ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE pipe_results FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON pipe_results USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id());
--> statement-breakpoint
CREATE POLICY system_context ON pipe_results USING (NOT app_is_tenant()) WITH CHECK (NOT app_is_tenant());
--> statement-breakpoint
ALTER TABLE vis_segments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE vis_segments FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON vis_segments USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id());
--> statement-breakpoint
CREATE POLICY system_context ON vis_segments USING (NOT app_is_tenant()) WITH CHECK (NOT app_is_tenant());
--> statement-breakpoint
ALTER TABLE area_results ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE area_results FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON area_results USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id());
--> statement-breakpoint
CREATE POLICY system_context ON area_results USING (NOT app_is_tenant()) WITH CHECK (NOT app_is_tenant());
--> statement-breakpoint
ALTER TABLE cof_scenarios ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE cof_scenarios FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON cof_scenarios USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id());
--> statement-breakpoint
CREATE POLICY system_context ON cof_scenarios USING (NOT app_is_tenant()) WITH CHECK (NOT app_is_tenant());
--> statement-breakpoint
-- Row-level security only lets the planner use an index for a condition whose operator is LEAKPROOF; PostGIS's
-- bounding-box && is not marked so, and every tile and spatial query then scanned the whole dataset (measured on
-- 100k pipes: 196 ms → 50 ms per z14 tile). && can only fail on mixed SRIDs, and every geometry column here is
-- 4326, so it reveals nothing about rows a tenant cannot see. Needs a superuser: skipped (with a notice) without.
DO $$
BEGIN
  IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    ALTER FUNCTION geometry_overlaps(geometry, geometry) LEAKPROOF;
  ELSE
    RAISE NOTICE 'not a superuser: geometry_overlaps stays non-leakproof; spatial queries under RLS will not use GiST indexes';
  END IF;
END $$;
