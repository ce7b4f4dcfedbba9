-- What tells areas apart (issue 15: "district and mesh aggregates read 100 % LOF everywhere"): 1 − Π(1 − lof) over
-- thousands of pipes saturates, so each area now also stores sums that grow with it (engine pipeline/aggregates.ts).
-- 1. expected_breaks_12: Σ of its scored members' expected breaks in 12 months (the model's lof_absolute '12', else
--    −ln(1 − lof_12), which the model defines as the same mean); null when no member is scored. Per km and year it
--    is this over length_m / 1000.
-- 2. top_risk_length_m: the length of its members in service in BRE levels 4 'high' and 5 'very high'.
-- Both are filled below for the rows already written, from the pipes whose point lies in the area (as the analysis
-- chooses members, analysis/load-inputs.ts), so a served analysis shows them without running again.
ALTER TABLE "area_results" ADD COLUMN "expected_breaks_12" double precision;--> statement-breakpoint
ALTER TABLE "area_results" ADD COLUMN "top_risk_length_m" double precision;--> statement-breakpoint
UPDATE "area_results" ar SET "expected_breaks_12" = m.expected, "top_risk_length_m" = m.top
FROM (
  SELECT r.analysis_id, r.area_id,
    sum(CASE WHEN pr.lof_12 IS NOT NULL THEN COALESCE((pr.lof_absolute ->> '12')::float8,
      -ln(1 - least(pr.lof_12::float8, 1 - 5.9604644775390625e-8))) END) AS expected,
    COALESCE(sum(p.length_m) FILTER (WHERE pr.bre_level >= 4), 0) AS top
  FROM "area_results" r
  JOIN "areas" a ON a.id = r.area_id
  LEFT JOIN ("pipes" p JOIN "pipe_results" pr ON pr.pipe_id = p.id)
    ON pr.analysis_id = r.analysis_id AND p.dataset_id = a.dataset_id AND NOT p.abandoned
      AND p.point && a.geom AND ST_Intersects(a.geom, p.point)
  GROUP BY r.analysis_id, r.area_id) m
WHERE ar.analysis_id = m.analysis_id AND ar.area_id = m.area_id;
