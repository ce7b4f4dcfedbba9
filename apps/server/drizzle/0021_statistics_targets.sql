-- Issue 18: no statistics for the JSON and array columns of the tables the analysis and the import ANALYZE
-- (db/analyze-tables.ts). The planner has no use for their histograms (a filter on population->>'2030' is an
-- expression, estimated without them), and computing them was most of ANALYZE's time: pipe_results of a 30k-pipe
-- run held the embedded database, and with it the API's thread, 1.0 s. Row counts and every other column's
-- statistics are kept, and a plain ANALYZE still resets the tables' change counters (which a column list would not).
DO $$
DECLARE c record;
BEGIN
  FOR c IN
    SELECT table_name, column_name FROM information_schema.columns
    WHERE table_schema = 'public'
      AND table_name IN ('pipes', 'breaks', 'valves', 'point_assets', 'areas', 'population_regions',
                         'pipe_results', 'vis_segments', 'area_results')
      AND data_type IN ('json', 'jsonb', 'ARRAY')
  LOOP
    EXECUTE format('ALTER TABLE %I ALTER COLUMN %I SET STATISTICS 0', c.table_name, c.column_name);
  END LOOP;
END $$;
