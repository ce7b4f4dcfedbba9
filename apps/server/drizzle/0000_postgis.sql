-- PostGIS for geometry columns (ARCHITECTURE.md). On PGlite the extension bundle is loaded by the driver
-- (@electric-sql/pglite-postgis) before this runs.
CREATE EXTENSION IF NOT EXISTS postgis;
--> statement-breakpoint
-- The role every tenant-scoped transaction switches to (SET LOCAL ROLE), so row-level security applies even
-- when the server connects as a superuser (PGlite always does). Roles are cluster-wide and test databases are
-- created in parallel, hence the idempotent, race-tolerant form.
DO $$
BEGIN
  CREATE ROLE pipewise_app NOLOGIN;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;
--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('GRANT pipewise_app TO %I', current_user);
EXCEPTION WHEN OTHERS THEN
  -- Already a member, or a concurrent grant: SET ROLE only needs the membership to exist.
  IF NOT pg_has_role(current_user, 'pipewise_app', 'MEMBER') THEN RAISE; END IF;
END $$;
