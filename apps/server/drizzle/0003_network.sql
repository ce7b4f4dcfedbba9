CREATE TABLE "areas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"dataset_id" integer NOT NULL,
	"kind" text NOT NULL,
	"native_id" text NOT NULL,
	"name" text,
	"geom" geometry(MultiPolygon,4326) NOT NULL,
	"attrs" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "breaks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"dataset_id" integer NOT NULL,
	"pipe_id" bigint,
	"native_pipe_id" text,
	"break_date" date NOT NULL,
	"geom" geometry(Point,4326),
	"matched_by" text,
	"attrs" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "datasets" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"snapshot_id" integer NOT NULL,
	"original_dataset_id" integer,
	"name" text NOT NULL,
	"origin" smallint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 2 NOT NULL,
	"refresh_status" text DEFAULT 'NONE' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"center" jsonb,
	"zoom" real,
	"model_type" text DEFAULT 'GIS' NOT NULL,
	"scenario" text,
	"rul" boolean DEFAULT false NOT NULL,
	"imputed_pipeline_file_url" text,
	"virtual_pipe_phase" integer DEFAULT 0 NOT NULL,
	"tile_revision" integer DEFAULT 1 NOT NULL,
	"ra_complete" boolean DEFAULT false NOT NULL,
	"layer_counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"distribution_master" jsonb DEFAULT '{"diameter":0,"install_year":0,"material":0}'::jsonb NOT NULL,
	"total_length_m" double precision DEFAULT 0 NOT NULL,
	"synthetic" boolean DEFAULT false NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "epanet_models" (
	"dataset_id" integer PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"crs" text,
	"inp" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"user_id" integer,
	"type" text NOT NULL,
	"asset_layer" text,
	"upload_id" text,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"rows" integer,
	"imported" integer,
	"skipped" integer,
	"message" text,
	"report" jsonb,
	"options" jsonb NOT NULL,
	"snapshot_group_id" integer,
	"dataset_id" integer,
	"archive" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pipes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"dataset_id" integer NOT NULL,
	"native_pipe_id" text NOT NULL,
	"address" text,
	"road_type" text,
	"pressure_zone" text,
	"geom" geometry(MultiLineString,4326) NOT NULL,
	"length_m" double precision NOT NULL,
	"diameter_mm" real,
	"install_year" smallint,
	"material_type_code" smallint,
	"abandoned" boolean DEFAULT false NOT NULL,
	"break_count" integer DEFAULT 0 NOT NULL,
	"diameter_status" smallint DEFAULT 0 NOT NULL,
	"install_year_status" smallint DEFAULT 0 NOT NULL,
	"material_status" smallint DEFAULT 0 NOT NULL,
	"imputed_diameter" real,
	"imputed_install_year" smallint,
	"imputed_material" smallint,
	"diameter_likelihood" jsonb,
	"install_year_likelihood" jsonb,
	"material_likelihood" jsonb,
	"from_node" text,
	"to_node" text,
	"attrs" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "point_assets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"dataset_id" integer NOT NULL,
	"kind" text NOT NULL,
	"native_id" text NOT NULL,
	"name" text,
	"facility_type" text,
	"install_year" smallint,
	"diameter_mm" real,
	"geom" geometry(Point,4326) NOT NULL,
	"attrs" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "population_regions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"dataset_id" integer NOT NULL,
	"native_id" text NOT NULL,
	"geom" geometry(MultiPolygon,4326) NOT NULL,
	"population" jsonb NOT NULL,
	"rate_of_change" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attrs" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pressure_readings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"dataset_id" integer NOT NULL,
	"native_id" text NOT NULL,
	"reading_at" timestamp with time zone,
	"value_kpa" double precision NOT NULL,
	"geom" geometry(Point,4326),
	"attrs" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "snapshot_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "snapshots" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"type" text NOT NULL,
	"version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"size" bigint NOT NULL,
	"format" text NOT NULL,
	"layers" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_current_datasets" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"dataset_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "valves" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"dataset_id" integer NOT NULL,
	"native_valve_id" text NOT NULL,
	"pipe_id" bigint,
	"native_pipe_id" text,
	"install_year" smallint,
	"valve_type" text,
	"diameter_mm" real,
	"normally_closed" boolean DEFAULT false NOT NULL,
	"operable" boolean DEFAULT true NOT NULL,
	"geom" geometry(Point,4326) NOT NULL,
	"attrs" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "areas" ADD CONSTRAINT "areas_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "areas" ADD CONSTRAINT "areas_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breaks" ADD CONSTRAINT "breaks_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breaks" ADD CONSTRAINT "breaks_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breaks" ADD CONSTRAINT "breaks_pipe_id_pipes_id_fk" FOREIGN KEY ("pipe_id") REFERENCES "public"."pipes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "datasets" ADD CONSTRAINT "datasets_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "datasets" ADD CONSTRAINT "datasets_snapshot_id_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."snapshots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epanet_models" ADD CONSTRAINT "epanet_models_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epanet_models" ADD CONSTRAINT "epanet_models_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_snapshot_group_id_snapshot_groups_id_fk" FOREIGN KEY ("snapshot_group_id") REFERENCES "public"."snapshot_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipes" ADD CONSTRAINT "pipes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipes" ADD CONSTRAINT "pipes_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_assets" ADD CONSTRAINT "point_assets_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_assets" ADD CONSTRAINT "point_assets_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "population_regions" ADD CONSTRAINT "population_regions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "population_regions" ADD CONSTRAINT "population_regions_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pressure_readings" ADD CONSTRAINT "pressure_readings_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pressure_readings" ADD CONSTRAINT "pressure_readings_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "snapshot_groups" ADD CONSTRAINT "snapshot_groups_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "snapshot_groups" ADD CONSTRAINT "snapshot_groups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "snapshots" ADD CONSTRAINT "snapshots_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "snapshots" ADD CONSTRAINT "snapshots_group_id_snapshot_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."snapshot_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_current_datasets" ADD CONSTRAINT "user_current_datasets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_current_datasets" ADD CONSTRAINT "user_current_datasets_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_current_datasets" ADD CONSTRAINT "user_current_datasets_group_id_snapshot_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."snapshot_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_current_datasets" ADD CONSTRAINT "user_current_datasets_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "valves" ADD CONSTRAINT "valves_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "valves" ADD CONSTRAINT "valves_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "valves" ADD CONSTRAINT "valves_pipe_id_pipes_id_fk" FOREIGN KEY ("pipe_id") REFERENCES "public"."pipes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "areas_dataset_kind_idx" ON "areas" USING btree ("dataset_id","kind");--> statement-breakpoint
CREATE INDEX "areas_geom_idx" ON "areas" USING gist ("geom");--> statement-breakpoint
CREATE INDEX "breaks_dataset_idx" ON "breaks" USING btree ("dataset_id");--> statement-breakpoint
CREATE INDEX "breaks_pipe_idx" ON "breaks" USING btree ("pipe_id");--> statement-breakpoint
CREATE INDEX "datasets_snapshot_idx" ON "datasets" USING btree ("snapshot_id");--> statement-breakpoint
CREATE INDEX "imports_client_idx" ON "imports" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pipes_dataset_native_idx" ON "pipes" USING btree ("dataset_id","native_pipe_id");--> statement-breakpoint
CREATE INDEX "pipes_geom_idx" ON "pipes" USING gist ("geom");--> statement-breakpoint
CREATE INDEX "point_assets_dataset_kind_idx" ON "point_assets" USING btree ("dataset_id","kind");--> statement-breakpoint
CREATE INDEX "point_assets_geom_idx" ON "point_assets" USING gist ("geom");--> statement-breakpoint
CREATE INDEX "population_dataset_idx" ON "population_regions" USING btree ("dataset_id");--> statement-breakpoint
CREATE INDEX "population_geom_idx" ON "population_regions" USING gist ("geom");--> statement-breakpoint
CREATE INDEX "pressure_dataset_idx" ON "pressure_readings" USING btree ("dataset_id");--> statement-breakpoint
CREATE UNIQUE INDEX "snapshots_group_version_idx" ON "snapshots" USING btree ("group_id","version");--> statement-breakpoint
CREATE INDEX "snapshots_group_type_idx" ON "snapshots" USING btree ("group_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "valves_dataset_native_idx" ON "valves" USING btree ("dataset_id","native_valve_id");--> statement-breakpoint
CREATE INDEX "valves_geom_idx" ON "valves" USING gist ("geom");