// Fake analysis results for the map and tile benches: every pipe of a dataset gets a result row whose values are
// spread by a hash of the pipe id (repeatable, no model run). The benches measure drawing and encoding, not the
// analysis (bench/analysis.bench.mjs does that), and a 100k-pipe analysis would take them minutes to wait for.

/**
 * The INSERT of one analysis' pipe_results for every pipe of the dataset. Both arguments are ids the bench made
 * itself; they are checked as integers before they go into the text.
 */
export function fakePipeResultsSql(analysisId, datasetId) {
  for (const id of [analysisId, datasetId]) {
    if (!Number.isSafeInteger(id)) throw new Error(`fakePipeResultsSql: ${id} is not an id`);
  }
  return `INSERT INTO pipe_results (analysis_id, pipe_id, client_id, dataset_id, install_year, material_type_code,
      diameter_mm, install_year_status, material_status, diameter_status, segment_id, population, rate_of_change,
      lof_12, lof_24, lof_36, lof_60, rank_12, rank_24, rank_36, rank_60, risk_drivers, rul, cof_total, cof_level,
      bre, bre_level)
    SELECT ${analysisId}, p.id, p.client_id, p.dataset_id, COALESCE(p.install_year, 1900 + (h % 120)),
      COALESCE(p.material_type_code, h % 11), COALESCE(p.diameter_mm, 100 + (h % 8) * 50),
      (p.install_year IS NULL)::int, (p.material_type_code IS NULL)::int, (p.diameter_mm IS NULL)::int,
      p.id / 12,
      jsonb_build_object('2030', (h % 5000) / 7.0, '2040', (h % 5100) / 7.0, '2050', (h % 5200) / 7.0),
      jsonb_build_object('2030', 0, '2040', ((h % 600) - 300) / 100.0, '2050', ((h % 700) - 300) / 100.0),
      u * 0.2, u * 0.35, u * 0.5, u * 0.7, (h % 10000) / 100.0, (h % 9000) / 90.0, (h % 8000) / 80.0,
      (h % 7000) / 70.0, ARRAY[1 + h % 28, 1 + (h / 28) % 28]::smallint[], (h % 1000) / 10.0,
      1000 + (h % 100000) * 3.7, 1 + h % 5, (1000 + (h % 100000) * 3.7) * u * 0.2, 1 + (h / 5) % 5
    FROM (SELECT p.*, (hashint8(p.id)::bigint & 2147483647) AS h,
        ((hashint8(p.id)::bigint & 2147483647) % 100000) / 100000.0 AS u
      FROM pipes p WHERE p.dataset_id = ${datasetId}) p`;
}
