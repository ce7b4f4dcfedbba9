-- Report summaries (issue 13): each report category's answer, aggregated once per analysis (at the end of the run
-- or on its first ask) and read by every page view after; row-level security like every tenant table.
CREATE TABLE "report_summaries" (
	"analysis_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"dataset_id" integer NOT NULL,
	"category" text NOT NULL,
	"horizon" smallint NOT NULL,
	"rows" jsonb NOT NULL,
	CONSTRAINT "report_summaries_analysis_id_category_horizon_pk" PRIMARY KEY("analysis_id","category","horizon")
);
--> statement-breakpoint
ALTER TABLE "report_summaries" ADD CONSTRAINT "report_summaries_analysis_id_analyses_id_fk" FOREIGN KEY ("analysis_id") REFERENCES "public"."analyses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_summaries" ADD CONSTRAINT "report_summaries_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_summaries" ADD CONSTRAINT "report_summaries_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE report_summaries ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE report_summaries FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON report_summaries USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id());
--> statement-breakpoint
CREATE POLICY system_context ON report_summaries USING (NOT app_is_tenant()) WITH CHECK (NOT app_is_tenant());
