-- Tile access invalidation from the database itself (issue 41): the cached tiles' memory of datasets, users and
-- clients (src/modules/tiles/tile-access.ts) is forgotten when the listener hears these notifications, whatever
-- wrote the row — a code path, a migration, hand-run SQL. Same channel and payload the listener parses:
-- 'd:<dataset id>', 'u:<user id>', 'c:<client id>', and '*' (forget everything) for a TRUNCATE.
-- AFTER ROW triggers with WHEN clauses, so an UPDATE of other columns costs nothing; pg_notify is sent at commit
-- and not at all on rollback, and identical payloads in one transaction are sent once.
CREATE OR REPLACE FUNCTION pipewise_tile_access_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('pipewise_tile_access', '*');
    RETURN NULL;
  END IF;
  PERFORM pg_notify('pipewise_tile_access', TG_ARGV[0] || ':' || OLD.id);
  IF TG_OP = 'UPDATE' AND NEW.id IS DISTINCT FROM OLD.id THEN
    PERFORM pg_notify('pipewise_tile_access', TG_ARGV[0] || ':' || NEW.id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "datasets_tile_access_update" AFTER UPDATE ON "datasets" FOR EACH ROW
  WHEN (OLD.tile_revision IS DISTINCT FROM NEW.tile_revision OR OLD.analysis_id IS DISTINCT FROM NEW.analysis_id
    OR OLD.client_id IS DISTINCT FROM NEW.client_id OR OLD.snapshot_id IS DISTINCT FROM NEW.snapshot_id
    OR OLD.id IS DISTINCT FROM NEW.id)
  EXECUTE FUNCTION pipewise_tile_access_notify('d');
--> statement-breakpoint
CREATE TRIGGER "datasets_tile_access_delete" AFTER DELETE ON "datasets" FOR EACH ROW
  EXECUTE FUNCTION pipewise_tile_access_notify('d');
--> statement-breakpoint
CREATE TRIGGER "datasets_tile_access_truncate" AFTER TRUNCATE ON "datasets" FOR EACH STATEMENT
  EXECUTE FUNCTION pipewise_tile_access_notify();
--> statement-breakpoint
CREATE TRIGGER "users_tile_access_update" AFTER UPDATE ON "users" FOR EACH ROW
  WHEN (OLD.is_active IS DISTINCT FROM NEW.is_active OR OLD.awaiting_approval IS DISTINCT FROM NEW.awaiting_approval
    OR OLD.permission_group_type_code IS DISTINCT FROM NEW.permission_group_type_code
    OR OLD.client_id IS DISTINCT FROM NEW.client_id OR OLD.token_version IS DISTINCT FROM NEW.token_version
    OR OLD.is_staff IS DISTINCT FROM NEW.is_staff OR OLD.is_demo IS DISTINCT FROM NEW.is_demo
    OR OLD.id IS DISTINCT FROM NEW.id)
  EXECUTE FUNCTION pipewise_tile_access_notify('u');
--> statement-breakpoint
CREATE TRIGGER "users_tile_access_delete" AFTER DELETE ON "users" FOR EACH ROW
  EXECUTE FUNCTION pipewise_tile_access_notify('u');
--> statement-breakpoint
CREATE TRIGGER "users_tile_access_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT
  EXECUTE FUNCTION pipewise_tile_access_notify();
--> statement-breakpoint
CREATE TRIGGER "clients_tile_access_update" AFTER UPDATE ON "clients" FOR EACH ROW
  WHEN (OLD.is_active IS DISTINCT FROM NEW.is_active
    OR OLD.client_status_type_code IS DISTINCT FROM NEW.client_status_type_code OR OLD.id IS DISTINCT FROM NEW.id)
  EXECUTE FUNCTION pipewise_tile_access_notify('c');
--> statement-breakpoint
CREATE TRIGGER "clients_tile_access_delete" AFTER DELETE ON "clients" FOR EACH ROW
  EXECUTE FUNCTION pipewise_tile_access_notify('c');
--> statement-breakpoint
CREATE TRIGGER "clients_tile_access_truncate" AFTER TRUNCATE ON "clients" FOR EACH STATEMENT
  EXECUTE FUNCTION pipewise_tile_access_notify();
