CREATE TABLE "saved_filters" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"snapshot_id" integer NOT NULL,
	"name" text NOT NULL,
	"job_planner_scenario_id" integer,
	"filters" jsonb NOT NULL,
	"lof_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_filters" ADD CONSTRAINT "saved_filters_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_filters" ADD CONSTRAINT "saved_filters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_filters" ADD CONSTRAINT "saved_filters_snapshot_id_snapshot_groups_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."snapshot_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_filters_user_snapshot_idx" ON "saved_filters" USING btree ("user_id","snapshot_id","created_at");--> statement-breakpoint
-- Row-level security, added by hand (as in 0004/0005): a tenant sees its own client's saved filters only; the
-- system context sees all. The service narrows further to the caller's own rows (user_id).
ALTER TABLE saved_filters ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE saved_filters FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON saved_filters USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id());
--> statement-breakpoint
CREATE POLICY system_context ON saved_filters USING (NOT app_is_tenant()) WITH CHECK (NOT app_is_tenant());
