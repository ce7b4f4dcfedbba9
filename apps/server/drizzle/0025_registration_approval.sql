ALTER TABLE "clients" ADD COLUMN "join_domains" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "two_factor_challenges" ADD COLUMN "purpose" text DEFAULT 'login' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "awaiting_approval" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Issue 37: sign-ups wait for an administrator's approval; the demo clients keep their open code.
UPDATE "clients" SET "join_domains" = '{*}' WHERE "registration_code" IN ('DEMO-US', 'DEMO-JP');
