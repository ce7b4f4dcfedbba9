-- Issue 17: sign-in codes by e-mail (two_factor_challenges, users.two_factor_enabled, clients.require_two_factor)
-- and users' feedback. Both tables get the row-level security of every tenant table (0002/0004); the login and the
-- staff feedback list use the system context.
CREATE TABLE "feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"user_id" integer,
	"user_email" text NOT NULL,
	"category" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "two_factor_challenges" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"code_hash" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sends" integer DEFAULT 0 NOT NULL,
	"last_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "require_two_factor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "two_factor_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_factor_challenges" ADD CONSTRAINT "two_factor_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_created_idx" ON "feedback" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "two_factor_challenges_user_idx" ON "two_factor_challenges" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE feedback ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE feedback FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON feedback USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id());
--> statement-breakpoint
CREATE POLICY system_context ON feedback USING (NOT app_is_tenant()) WITH CHECK (NOT app_is_tenant());
--> statement-breakpoint
ALTER TABLE two_factor_challenges ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE two_factor_challenges FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON two_factor_challenges USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id());
--> statement-breakpoint
CREATE POLICY system_context ON two_factor_challenges USING (NOT app_is_tenant()) WITH CHECK (NOT app_is_tenant());
