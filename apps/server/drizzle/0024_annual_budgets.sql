-- Issue 36: the renewal budget of each calendar year, per snapshot group, that the portfolio sets projects against.
CREATE TABLE "annual_budgets" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"snapshot_id" integer NOT NULL,
	"year" integer NOT NULL,
	"amount" double precision NOT NULL,
	"currency" text NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "annual_budgets" ADD CONSTRAINT "annual_budgets_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annual_budgets" ADD CONSTRAINT "annual_budgets_snapshot_id_snapshot_groups_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."snapshot_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annual_budgets" ADD CONSTRAINT "annual_budgets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "annual_budgets_snapshot_year_idx" ON "annual_budgets" USING btree ("snapshot_id","year");--> statement-breakpoint
ALTER TABLE annual_budgets ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE annual_budgets FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON annual_budgets USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id());
--> statement-breakpoint
CREATE POLICY system_context ON annual_budgets USING (NOT app_is_tenant()) WITH CHECK (NOT app_is_tenant());
