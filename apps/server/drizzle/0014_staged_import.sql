-- An import writes its new version in short transactions instead of one (issue 14: "write in short transactions into
-- a staged version that is swapped in at the end"; modules/imports/staged-version.ts).
-- 1. snapshots.import_id: the import staging this PENDING version; such a version is listed nowhere.
-- 2. imports.staged: what the running import staged, so a failure or a restart can discard it.
-- 3. imports.heartbeat_at: renewed while the import runs; a running import whose beat stopped lost its worker.
ALTER TABLE "imports" ADD COLUMN "staged" jsonb;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "snapshots" ADD COLUMN "import_id" integer;--> statement-breakpoint
ALTER TABLE "snapshots" ADD CONSTRAINT "snapshots_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE set null ON UPDATE no action;