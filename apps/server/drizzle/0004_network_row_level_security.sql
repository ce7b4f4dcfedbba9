-- Row-level security for the network tables of migration 0003 (same policies as 0002: a tenant sees its own
-- client's rows only; system context — seed, jobs started by the server — sees all). The default privileges of
-- 0002 already grant pipewise_app the usual rights on these new tables and their sequences.
ALTER TABLE snapshot_groups ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE snapshot_groups FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON snapshot_groups USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id());
--> statement-breakpoint
CREATE POLICY system_context ON snapshot_groups USING (NOT app_is_tenant()) WITH CHECK (NOT app_is_tenant());
--> statement-breakpoint
ALTER TABLE snapshots ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE snapshots FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON snapshots USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id());
--> statement-breakpoint
CREATE POLICY system_context ON snapshots USING (NOT app_is_tenant()) WITH CHECK (NOT app_is_tenant());
--> statement-breakpoint
ALTER TABLE datasets ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE datasets FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON datasets USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id());
--> statement-breakpoint
CREATE POLICY system_context ON datasets USING (NOT app_is_tenant()) WITH CHECK (NOT app_is_tenant());
--> statement-breakpoint
ALTER TABLE user_current_datasets ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE user_current_datasets FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON user_current_datasets USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id());
--> statement-breakpoint
CREATE POLICY system_context ON user_current_datasets USING (NOT app_is_tenant()) WITH CHECK (NOT app_is_tenant());
--> statement-breakpoint
ALTER TABLE pipes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE pipes FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON pipes USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id());
--> statement-breakpoint
CREATE POLICY system_context ON pipes USING (NOT app_is_tenant()) WITH CHECK (NOT app_is_tenant());
--> statement-breakpoint
ALTER TABLE breaks ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE breaks FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON breaks USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id());
--> statement-breakpoint
CREATE POLICY system_context ON breaks USING (NOT app_is_tenant()) WITH CHECK (NOT app_is_tenant());
--> statement-breakpoint
ALTER TABLE valves ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE valves FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON valves USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id());
--> statement-breakpoint
CREATE POLICY system_context ON valves USING (NOT app_is_tenant()) WITH CHECK (NOT app_is_tenant());
--> statement-breakpoint
ALTER TABLE point_assets ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE point_assets FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON point_assets USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id());
--> statement-breakpoint
CREATE POLICY system_context ON point_assets USING (NOT app_is_tenant()) WITH CHECK (NOT app_is_tenant());
--> statement-breakpoint
ALTER TABLE areas ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE areas FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON areas USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id());
--> statement-breakpoint
CREATE POLICY system_context ON areas USING (NOT app_is_tenant()) WITH CHECK (NOT app_is_tenant());
--> statement-breakpoint
ALTER TABLE population_regions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE population_regions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON population_regions USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id());
--> statement-breakpoint
CREATE POLICY system_context ON population_regions USING (NOT app_is_tenant()) WITH CHECK (NOT app_is_tenant());
--> statement-breakpoint
ALTER TABLE pressure_readings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE pressure_readings FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON pressure_readings USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id());
--> statement-breakpoint
CREATE POLICY system_context ON pressure_readings USING (NOT app_is_tenant()) WITH CHECK (NOT app_is_tenant());
--> statement-breakpoint
ALTER TABLE epanet_models ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE epanet_models FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON epanet_models USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id());
--> statement-breakpoint
CREATE POLICY system_context ON epanet_models USING (NOT app_is_tenant()) WITH CHECK (NOT app_is_tenant());
--> statement-breakpoint
ALTER TABLE uploads ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE uploads FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON uploads USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id());
--> statement-breakpoint
CREATE POLICY system_context ON uploads USING (NOT app_is_tenant()) WITH CHECK (NOT app_is_tenant());
--> statement-breakpoint
ALTER TABLE imports ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE imports FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON imports USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id());
--> statement-breakpoint
CREATE POLICY system_context ON imports USING (NOT app_is_tenant()) WITH CHECK (NOT app_is_tenant());
