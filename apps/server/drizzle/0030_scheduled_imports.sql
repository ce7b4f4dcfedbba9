CREATE TABLE "import_definitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"name" text NOT NULL,
	"snapshot_group_id" integer NOT NULL,
	"source" jsonb NOT NULL,
	"schedule" text,
	"time_zone" text NOT NULL,
	"options" jsonb NOT NULL,
	"limits" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"next_run_at" timestamp with time zone,
	"file_upload_id" text,
	"file_name" text,
	"file_uploaded_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"definition_id" integer NOT NULL,
	"trigger" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"reason" text,
	"upload_id" text,
	"file_name" text,
	"import_id" integer,
	"options" jsonb,
	"change" jsonb,
	"report" jsonb,
	"mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "import_definitions" ADD CONSTRAINT "import_definitions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_definitions" ADD CONSTRAINT "import_definitions_snapshot_group_id_snapshot_groups_id_fk" FOREIGN KEY ("snapshot_group_id") REFERENCES "public"."snapshot_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_definitions" ADD CONSTRAINT "import_definitions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_definition_id_import_definitions_id_fk" FOREIGN KEY ("definition_id") REFERENCES "public"."import_definitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_definitions_client_idx" ON "import_definitions" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "import_definitions_due_idx" ON "import_definitions" USING btree ("next_run_at");--> statement-breakpoint
CREATE INDEX "import_runs_definition_idx" ON "import_runs" USING btree ("definition_id","created_at");--> statement-breakpoint
CREATE INDEX "import_runs_status_idx" ON "import_runs" USING btree ("status");--> statement-breakpoint
ALTER TABLE import_definitions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE import_definitions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON import_definitions USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id());
--> statement-breakpoint
CREATE POLICY system_context ON import_definitions USING (NOT app_is_tenant()) WITH CHECK (NOT app_is_tenant());
--> statement-breakpoint
ALTER TABLE import_runs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE import_runs FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON import_runs USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id());
--> statement-breakpoint
CREATE POLICY system_context ON import_runs USING (NOT app_is_tenant()) WITH CHECK (NOT app_is_tenant());
