-- COF scenarios and reports (issue 13): scenarios belong to a snapshot group (deleted with it) and record who made
-- them; at most one is enabled per group; report_route_events records which screen a user opened (spec 001 §7).
CREATE TABLE "report_route_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"user_id" integer,
	"route_type_code" smallint NOT NULL,
	"dataset_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cof_scenarios" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "report_route_events" ADD CONSTRAINT "report_route_events_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_route_events" ADD CONSTRAINT "report_route_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_route_events_client_idx" ON "report_route_events" USING btree ("client_id","created_at");--> statement-breakpoint
ALTER TABLE "cof_scenarios" ADD CONSTRAINT "cof_scenarios_snapshot_group_id_snapshot_groups_id_fk" FOREIGN KEY ("snapshot_group_id") REFERENCES "public"."snapshot_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cof_scenarios" ADD CONSTRAINT "cof_scenarios_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cof_scenarios_one_enabled_idx" ON "cof_scenarios" USING btree ("snapshot_group_id") WHERE "cof_scenarios"."enabled";
--> statement-breakpoint
ALTER TABLE report_route_events ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE report_route_events FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON report_route_events USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id());
--> statement-breakpoint
CREATE POLICY system_context ON report_route_events USING (NOT app_is_tenant()) WITH CHECK (NOT app_is_tenant());
