-- Issue 18, accounts: users.token_version (in every access token; a new password raises it, so tokens issued
-- before stop working), rate_limits (the login throttle and per-route limits shared by every API process), and
-- the tenant role loses the write rights 0002's blanket grant gave it on PostGIS's shared spatial_ref_sys.
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "rate_limits_reset_idx" ON "rate_limits" USING btree ("reset_at");
--> statement-breakpoint
-- rate_limits holds no tenant's rows: only the system context (login, public account calls) uses it.
REVOKE ALL ON rate_limits FROM pipewise_app;
--> statement-breakpoint
-- Shared by every tenant: a tenant writing a bogus CRS definition there would corrupt every tenant's transforms.
DO $$
BEGIN
  IF to_regclass('public.spatial_ref_sys') IS NOT NULL THEN
    REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON public.spatial_ref_sys FROM pipewise_app;
  END IF;
END
$$;
