CREATE TABLE "job_planner_scenarios" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"snapshot_id" integer NOT NULL,
	"name" text NOT NULL,
	"image_url" text,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"saved_filter_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"dataset_id" integer NOT NULL,
	"analysis_id" integer,
	"name" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"result" smallint,
	"error" text,
	"budget" double precision NOT NULL,
	"min_length_m" double precision NOT NULL,
	"max_length_m" double precision NOT NULL,
	"risk_criteria" text NOT NULL,
	"whole_snapshot" boolean NOT NULL,
	"area" geometry(MultiPolygon,4326),
	"standard_repair_cost" jsonb NOT NULL,
	"repair_cost_currency" text NOT NULL,
	"repair_cost_per_length" text NOT NULL,
	"explanation" jsonb,
	"proposal_count" integer DEFAULT 0 NOT NULL,
	"total_cost" double precision,
	"risk_removed" double precision,
	"greedy_risk_removed" double precision,
	"optimality_gap" double precision,
	"solve_ms" double precision,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "project_pipes" (
	"project_id" integer NOT NULL,
	"pipe_id" bigint NOT NULL,
	"client_id" integer NOT NULL,
	CONSTRAINT "project_pipes_project_id_pipe_id_pk" PRIMARY KEY("project_id","pipe_id")
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"dataset_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"budget" double precision,
	"status" smallint DEFAULT 0 NOT NULL,
	"project_area" geometry(MultiPolygon,4326),
	"image" text,
	"manager_name" text,
	"manager_email" text,
	"inspector_name" text,
	"inspector_email" text,
	"manager_id" integer,
	"inspector_id" integer,
	"standard_repair_cost" jsonb NOT NULL,
	"repair_cost_currency" text NOT NULL,
	"repair_cost_per_length" text NOT NULL,
	"proposal_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proposals" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"rank" integer NOT NULL,
	"pipe_ids" bigint[] NOT NULL,
	"length_m" double precision NOT NULL,
	"cost" double precision NOT NULL,
	"risk" double precision NOT NULL,
	"project_lof" double precision
);
--> statement-breakpoint
ALTER TABLE "job_planner_scenarios" ADD CONSTRAINT "job_planner_scenarios_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_planner_scenarios" ADD CONSTRAINT "job_planner_scenarios_snapshot_id_snapshot_groups_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."snapshot_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_planner_scenarios" ADD CONSTRAINT "job_planner_scenarios_saved_filter_id_saved_filters_id_fk" FOREIGN KEY ("saved_filter_id") REFERENCES "public"."saved_filters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_planner_scenarios" ADD CONSTRAINT "job_planner_scenarios_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_pipes" ADD CONSTRAINT "project_pipes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_pipes" ADD CONSTRAINT "project_pipes_pipe_id_pipes_id_fk" FOREIGN KEY ("pipe_id") REFERENCES "public"."pipes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_pipes" ADD CONSTRAINT "project_pipes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_inspector_id_users_id_fk" FOREIGN KEY ("inspector_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_planner_scenarios_snapshot_idx" ON "job_planner_scenarios" USING btree ("snapshot_id","created_at");--> statement-breakpoint
CREATE INDEX "plans_dataset_idx" ON "plans" USING btree ("dataset_id","id");--> statement-breakpoint
CREATE INDEX "project_pipes_pipe_idx" ON "project_pipes" USING btree ("pipe_id");--> statement-breakpoint
CREATE INDEX "projects_dataset_idx" ON "projects" USING btree ("dataset_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_proposal_idx" ON "projects" USING btree ("proposal_id") WHERE "projects"."proposal_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_plan_rank_idx" ON "proposals" USING btree ("plan_id","rank");--> statement-breakpoint
-- Added by hand: saved filters could name a scenario before this table existed (0006 had no foreign key); those
-- ids point at nothing, so they are cleared before the key is added.
UPDATE saved_filters SET job_planner_scenario_id = NULL WHERE job_planner_scenario_id IS NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_filters" ADD CONSTRAINT "saved_filters_job_planner_scenario_id_job_planner_scenarios_id_fk" FOREIGN KEY ("job_planner_scenario_id") REFERENCES "public"."job_planner_scenarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Row-level security, added by hand (as in 0004-0006): a tenant sees its own client's planner rows only; the
-- system context (the plan job's bookkeeping, seeds) sees all.
ALTER TABLE job_planner_scenarios ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE job_planner_scenarios FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON job_planner_scenarios USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id());
--> statement-breakpoint
CREATE POLICY system_context ON job_planner_scenarios USING (NOT app_is_tenant()) WITH CHECK (NOT app_is_tenant());
--> statement-breakpoint
ALTER TABLE projects ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE projects FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON projects USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id());
--> statement-breakpoint
CREATE POLICY system_context ON projects USING (NOT app_is_tenant()) WITH CHECK (NOT app_is_tenant());
--> statement-breakpoint
ALTER TABLE project_pipes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE project_pipes FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON project_pipes USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id());
--> statement-breakpoint
CREATE POLICY system_context ON project_pipes USING (NOT app_is_tenant()) WITH CHECK (NOT app_is_tenant());
--> statement-breakpoint
ALTER TABLE plans ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE plans FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON plans USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id());
--> statement-breakpoint
CREATE POLICY system_context ON plans USING (NOT app_is_tenant()) WITH CHECK (NOT app_is_tenant());
--> statement-breakpoint
ALTER TABLE proposals ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE proposals FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON proposals USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id());
--> statement-breakpoint
CREATE POLICY system_context ON proposals USING (NOT app_is_tenant()) WITH CHECK (NOT app_is_tenant());
