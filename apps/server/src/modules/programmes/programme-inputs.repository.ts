// What a renewal programme needs of a dataset (issue 39), in one query: per main in service with a served LOF, its
// length, install year, material and diameter as the analysis used them (a user's correction first), its expected
// breaks over the next 12 months, COF, RUL, breaks on record, whether an active project holds it, and its two end
// points (the planner's nodes); and of the served analysis the scoring year and RUL's ageing law, read out of the
// stored model by JSON path (the model itself is megabytes).
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { DIAMETER, jsonOf } from '../planner/planner-pipes.repository.ts';

export interface ProgrammeInputPipe {
  id: number;
  lengthM: number;
  installYear: number | null;
  material: number | null;
  diameterMm: number | null;
  /** Expected breaks over the 12 months from the scoring date. */
  expectedBreaks: number;
  cof: number;
  rul: number | null;
  breaks: number;
  booked: boolean;
  start: [number, number];
  end: [number, number];
}

export interface ProgrammeAgeing {
  exponentByMaterial: Record<string, number>;
  pooledExponent: number;
  minAgeYears: number;
}

type Tuple = [
  number,
  number,
  number | null,
  number | null,
  number | null,
  number | null,
  number | null,
  number | null,
  number,
  boolean,
  number,
  number,
  number,
  number,
];

const INSTALL_YEAR = sql`COALESCE((p.overrides->>'installYear')::int, p.install_year, pr.install_year,
  pr.imputed_install_year)`;
const MATERIAL = sql`COALESCE((p.overrides->>'materialTypeCode')::int, p.material_type_code, pr.material_type_code,
  pr.imputed_material)`;

/** Yearly counts of this many years before the scoring year give the interval's over-dispersion. */
export const DISPERSION_YEARS = 10;

/** The dataset's breaks per calendar year over the DISPERSION_YEARS before `asOfYear`, from its first on record. */
async function yearlyBreaks(tx: Db, datasetId: number, asOfYear: number): Promise<number[]> {
  const rows = (
    await tx.execute(sql`SELECT extract(year FROM break_date)::int AS y, count(*)::int AS n FROM breaks
      WHERE dataset_id = ${datasetId} AND break_date < make_date(${asOfYear}, 1, 1)
        AND break_date >= make_date(${asOfYear - DISPERSION_YEARS}, 1, 1)
      GROUP BY 1 ORDER BY 1`)
  ).rows.map((r) => [Number(r['y']), Number(r['n'])] as const);
  if (rows.length === 0) return [];
  const byYear = new Map(rows);
  return Array.from({ length: asOfYear - rows[0]![0] }, (_, k) => byYear.get(rows[0]![0] + k) ?? 0);
}

export async function loadProgrammeInputs(
  tx: Db,
  datasetId: number,
): Promise<{
  analysisId: number;
  asOfYear: number;
  /** Breaks per calendar year before the scoring year, oldest first. */
  yearlyBreaks: number[];
  ageing: ProgrammeAgeing;
  /** The served LOF: the utility's trained model, or a prior (no break history, engine lof/prior.ts; issue 39). */
  lofSource: 'utility' | 'prior';
  pipes: ProgrammeInputPipe[];
} | null> {
  const run = (
    await tx.execute(sql`SELECT a.id, round((a.lof_scoring->>'asOfYear')::numeric)::int AS as_of,
        a.lof_scoring->'rul'->'ageing' AS ageing, a.lof_scoring->>'prior' = 'true' AS prior
      FROM datasets d JOIN analyses a ON a.id = d.analysis_id WHERE d.id = ${datasetId}`)
  ).rows[0];
  if (!run || run['as_of'] == null || run['ageing'] == null) return null;
  const ageing = (
    typeof run['ageing'] === 'string' ? JSON.parse(run['ageing']) : run['ageing']
  ) as ProgrammeAgeing;
  const tuples = await jsonOf<Tuple[]>(
    tx,
    sql`SELECT json_agg(json_build_array(p.id, p.length_m, ${INSTALL_YEAR}, ${MATERIAL}, ${DIAMETER},
          (pr.lof_absolute->>'12')::float8, pr.cof_total, pr.rul, p.break_count,
          EXISTS (SELECT 1 FROM project_pipes pp WHERE pp.pipe_id = p.id AND pp.active),
          ST_X(s.pt), ST_Y(s.pt), ST_X(e.pt), ST_Y(e.pt)) ORDER BY p.id)::text AS j
        FROM pipes p
          JOIN datasets d ON d.id = p.dataset_id
          JOIN pipe_results pr ON pr.analysis_id = d.analysis_id AND pr.pipe_id = p.id
          CROSS JOIN LATERAL (SELECT ST_StartPoint(ST_GeometryN(p.geom, 1)) AS pt) s
          CROSS JOIN LATERAL (SELECT ST_EndPoint(ST_GeometryN(p.geom, ST_NumGeometries(p.geom))) AS pt) e
        WHERE p.dataset_id = ${datasetId} AND NOT p.abandoned AND p.length_m > 0
          AND pr.lof_absolute->>'12' IS NOT NULL`,
  );
  const asOfYear = Number(run['as_of']);
  return {
    analysisId: Number(run['id']),
    asOfYear,
    yearlyBreaks: await yearlyBreaks(tx, datasetId, asOfYear),
    ageing,
    lofSource: run['prior'] === true || run['prior'] === 't' ? 'prior' : 'utility',
    pipes: (tuples ?? []).map((t) => ({
      id: t[0],
      lengthM: t[1],
      installYear: t[2],
      material: t[3],
      diameterMm: t[4],
      expectedBreaks: Math.max(0, t[5] ?? 0),
      cof: Math.max(0, t[6] ?? 0),
      rul: t[7],
      breaks: t[8],
      booked: t[9],
      start: [t[10], t[11]],
      end: [t[12], t[13]],
    })),
  };
}
