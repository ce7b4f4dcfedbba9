-- What the COF reports read, stored by the COF stage instead of worked out per request (issue 13, report p95):
-- pipe_results.cof_factors holds the 001 §9 factor groups of `cof` in COF_FACTOR_GROUPS order (packages/engine
-- cof/factor-groups.ts), and area_results the COF and BRE totals of each area's pipes, which a request otherwise
-- found with a spatial pass (~1 s on 100k pipes). Existing rows are filled here the same way; an area's totals only
-- for served analyses (the ones reports read), with the membership the analysis used (a pipe belongs to the areas
-- holding its ST_PointOnSurface: load-inputs.ts areaMembership).
ALTER TABLE "area_results" ADD COLUMN "total_cof" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "area_results" ADD COLUMN "total_bre" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pipe_results" ADD COLUMN "cof_factors" double precision[];--> statement-breakpoint
UPDATE "pipe_results" SET "cof_factors" = ARRAY[
  COALESCE(("cof" ->> 'standardRepair')::float8, 0) + COALESCE(("cof" ->> 'intenseRepair')::float8, 0),
  COALESCE(("cof" ->> 'propertyDamage')::float8, 0),
  COALESCE(("cof" ->> 'criticalFacilities')::float8, 0),
  COALESCE(("cof" ->> 'trafficDisruption')::float8, 0),
  COALESCE(("cof" ->> 'environment')::float8, 0),
  COALESCE(("cof" ->> 'noWater')::float8, 0),
  COALESCE(("cof" ->> 'custom')::float8, 0)]
WHERE "cof" IS NOT NULL;--> statement-breakpoint
UPDATE "area_results" ar SET "total_cof" = m.cof, "total_bre" = m.bre
FROM (
  SELECT r.analysis_id, r.area_id, COALESCE(sum(pr.cof_total), 0) AS cof, COALESCE(sum(pr.bre), 0) AS bre
  FROM "area_results" r
  JOIN "datasets" d ON d.analysis_id = r.analysis_id
  JOIN "areas" a ON a.id = r.area_id
  JOIN "pipes" p ON p.dataset_id = a.dataset_id AND p.geom && a.geom AND NOT p.abandoned AND NOT ST_IsEmpty(p.geom)
    AND ST_Intersects(a.geom, ST_PointOnSurface(p.geom))
  JOIN "pipe_results" pr ON pr.analysis_id = r.analysis_id AND pr.pipe_id = p.id
  GROUP BY r.analysis_id, r.area_id) m
WHERE ar.analysis_id = m.analysis_id AND ar.area_id = m.area_id;
