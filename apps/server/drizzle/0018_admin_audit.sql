-- Audit log of administrative changes (issue 17; src/db/schema.ts adminAudit): who created or changed a client or a
-- user, when, and what was sent. Same row-level security as every tenant table (0002/0004).
CREATE TABLE "admin_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"actor_id" integer,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" integer NOT NULL,
	"changes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_audit" ADD CONSTRAINT "admin_audit_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_audit" ADD CONSTRAINT "admin_audit_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_client_idx" ON "admin_audit" USING btree ("client_id","created_at");--> statement-breakpoint
ALTER TABLE admin_audit ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE admin_audit FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON admin_audit USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id());
--> statement-breakpoint
CREATE POLICY system_context ON admin_audit USING (NOT app_is_tenant()) WITH CHECK (NOT app_is_tenant());
