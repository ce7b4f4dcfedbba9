-- Issue 39: the long-term renewal programme and the mains each of its scenarios renews, year by year.
CREATE TABLE "programme_renewals" (
	"client_id" integer NOT NULL,
	"programme_id" integer NOT NULL,
	"scenario" smallint NOT NULL,
	"pipe_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"project" integer NOT NULL,
	CONSTRAINT "programme_renewals_programme_id_scenario_pipe_id_pk" PRIMARY KEY("programme_id","scenario","pipe_id")
);
--> statement-breakpoint
CREATE TABLE "programmes" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"dataset_id" integer NOT NULL,
	"analysis_id" integer,
	"name" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"error" text,
	"start_year" smallint NOT NULL,
	"horizon_years" smallint NOT NULL,
	"strategy" text NOT NULL,
	"scenarios" jsonb NOT NULL,
	"currency" text NOT NULL,
	"cof_scenario_id" integer,
	"cof_scenario_name" text NOT NULL,
	"result" jsonb,
	"hold_flat_budget" double precision,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "programme_renewals" ADD CONSTRAINT "programme_renewals_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_renewals" ADD CONSTRAINT "programme_renewals_programme_id_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."programmes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programmes" ADD CONSTRAINT "programmes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programmes" ADD CONSTRAINT "programmes_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programmes" ADD CONSTRAINT "programmes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "programme_renewals_year_idx" ON "programme_renewals" USING btree ("programme_id","scenario","year");--> statement-breakpoint
CREATE INDEX "programmes_dataset_idx" ON "programmes" USING btree ("dataset_id","id");--> statement-breakpoint
ALTER TABLE programmes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE programmes FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON programmes USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id());
--> statement-breakpoint
CREATE POLICY system_context ON programmes USING (NOT app_is_tenant()) WITH CHECK (NOT app_is_tenant());
--> statement-breakpoint
ALTER TABLE programme_renewals ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE programme_renewals FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON programme_renewals USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id());
--> statement-breakpoint
CREATE POLICY system_context ON programme_renewals USING (NOT app_is_tenant()) WITH CHECK (NOT app_is_tenant());
