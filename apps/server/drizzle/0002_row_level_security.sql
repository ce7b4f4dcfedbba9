-- Multi-tenancy (ARCHITECTURE.md): every tenant-owned row carries client_id and PostgreSQL enforces it.
-- Tenant requests run as pipewise_app with app.client_id set per transaction; system operations (login,
-- refresh, seed, staff listing) run as the connecting role. FORCE makes the owner subject to the policies
-- too, so a non-superuser deployment cannot skip them by accident.
GRANT USAGE ON SCHEMA public TO pipewise_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO pipewise_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO pipewise_app;
--> statement-breakpoint
-- Organisations sit above tenants (no client_id): a tenant may read its organisation's name, never change it.
REVOKE INSERT, UPDATE, DELETE ON organisations FROM pipewise_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO pipewise_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO pipewise_app;
--> statement-breakpoint
-- current_setting(..., true) gives NULL when never set and '' after a SET LOCAL ended: both mean "no tenant".
CREATE OR REPLACE FUNCTION app_client_id() RETURNS int LANGUAGE sql STABLE AS
$$ SELECT NULLIF(current_setting('app.client_id', true), '')::int $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_is_tenant() RETURNS boolean LANGUAGE sql STABLE AS
$$ SELECT current_user = 'pipewise_app' $$;
--> statement-breakpoint
ALTER TABLE clients ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE clients FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON clients USING (id = app_client_id()) WITH CHECK (id = app_client_id());
--> statement-breakpoint
CREATE POLICY system_context ON clients USING (NOT app_is_tenant()) WITH CHECK (NOT app_is_tenant());
--> statement-breakpoint
ALTER TABLE users ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE users FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON users USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id());
--> statement-breakpoint
CREATE POLICY system_context ON users USING (NOT app_is_tenant()) WITH CHECK (NOT app_is_tenant());
--> statement-breakpoint
ALTER TABLE refresh_tokens ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE refresh_tokens FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON refresh_tokens USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id());
--> statement-breakpoint
CREATE POLICY system_context ON refresh_tokens USING (NOT app_is_tenant()) WITH CHECK (NOT app_is_tenant());
--> statement-breakpoint
ALTER TABLE password_resets ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE password_resets FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON password_resets USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id());
--> statement-breakpoint
CREATE POLICY system_context ON password_resets USING (NOT app_is_tenant()) WITH CHECK (NOT app_is_tenant());
--> statement-breakpoint
ALTER TABLE contact_messages ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE contact_messages FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON contact_messages USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id());
--> statement-breakpoint
CREATE POLICY system_context ON contact_messages USING (NOT app_is_tenant()) WITH CHECK (NOT app_is_tenant());
