// The stored results of earlier stages, read back in the engine's shapes: a later stage (possibly in another
// process after a restart) starts from what is in the database, never from memory. Read a page at a time
// (paged-read.ts).
import type {
  CofPipeFigures,
  ImputeSummary,
  PipePreprocess,
  PreprocessResult,
  SegmentRecord,
} from '@pipewise/engine';
import type { MaterialCode } from '@pipewise/domain';
import { sql } from 'drizzle-orm';
import type { Reader } from './load-inputs.ts';
import { readInPages } from './paged-read.ts';
import { rawNumber as num, rawJson as json, type RawRow as Row } from '../../db/raw-values.ts';

const ids = (v: unknown) => (json<unknown[] | null>(v) ?? []).map(String);

/**
 * The later stages use a pipe's values and statuses; the imputation's likelihoods stay in the database (the details
 * and the virtual pipes read them there): 3 jsonb columns × every pipe not parsed for nothing.
 */
function imputed<T extends number>(r: Row, value: string, status: string, est: string) {
  return {
    value: num(r[value]) as T | null,
    status: Number(r[status]) as 0 | 1 | 2,
    imputed: num(r[est]) as T | null,
    likelihood: null,
  };
}

export async function readPreprocess(tx: Reader, analysisId: number): Promise<PreprocessResult> {
  const pipeRows = await readInPages(tx, {
    select: sql`SELECT pipe_id, install_year, material_type_code, diameter_mm, install_year_status, material_status,
          diameter_status, imputed_install_year, imputed_material, imputed_diameter, segment_id FROM pipe_results`,
    where: sql`analysis_id = ${analysisId}`,
    key: sql`pipe_id`,
    field: 'pipe_id',
  });
  const pipes: PipePreprocess[] = pipeRows.map((r) => ({
    pipeId: String(r['pipe_id']),
    installYear: imputed<number>(r, 'install_year', 'install_year_status', 'imputed_install_year'),
    materialTypeCode: imputed<MaterialCode>(r, 'material_type_code', 'material_status', 'imputed_material'),
    diameterMm: imputed<number>(r, 'diameter_mm', 'diameter_status', 'imputed_diameter'),
    segmentId: num(r['segment_id']),
  }));
  const members = new Map<number, string[]>();
  for (const p of pipes) {
    if (p.segmentId == null) continue;
    const list = members.get(p.segmentId);
    // Appended in place: a copy per pipe is n² in a segment (a valveless network is one segment of every pipe).
    if (list) list.push(p.pipeId);
    else members.set(p.segmentId, [p.pipeId]);
  }
  const segmentRows = await readInPages(tx, {
    select: sql`SELECT segment_id, install_year, breaks, length_m, population, projected_population,
          to_json(valve_ids) AS valve_ids, to_json(valves_to_close) AS valves_to_close,
          to_json(inoperable_valve_ids) AS inoperable_valve_ids FROM vis_segments`,
    where: sql`analysis_id = ${analysisId}`,
    key: sql`segment_id`,
    field: 'segment_id',
  });
  const segments: SegmentRecord[] = segmentRows.map((r) => ({
    id: Number(r['segment_id']),
    pipeIds: members.get(Number(r['segment_id'])) ?? [],
    valveIds: ids(r['valve_ids']),
    valvesToClose: ids(r['valves_to_close']),
    inoperableValveIds: ids(r['inoperable_valve_ids']),
    lengthM: Number(r['length_m']),
    installYear: num(r['install_year']),
    breaks: Number(r['breaks']),
    population: Number(r['population']),
    projectedPopulation: json<Record<string, number>>(r['projected_population']) ?? {},
  }));
  const [run] = (
    await tx.execute(sql`SELECT impute_summary, vis_summary FROM analyses WHERE id = ${analysisId}`)
  ).rows as Row[];
  return {
    pipes,
    segments,
    imputeSummary: json<ImputeSummary>(run?.['impute_summary']),
    visSummary: json<PreprocessResult['visSummary']>(run?.['vis_summary']),
  };
}

/**
 * What the COF stage reads of a run's stored preprocess and LOF (CofPipeFigures), in one pass over its rows, and how
 * many segments its preprocess found (vis_summary; vis_segments keeps only the segments with pipes).
 */
export async function readCofFigures(
  tx: Reader,
  analysisId: number,
): Promise<{ figures: CofPipeFigures[]; preprocessSegments: number | null }> {
  const rows = await readInPages(tx, {
    select: sql`SELECT pipe_id, install_year, material_type_code, diameter_mm, lof_12,
          (lof_absolute->>'12')::float8 AS lof_absolute_12, to_json(risk_drivers) AS risk_drivers FROM pipe_results`,
    where: sql`analysis_id = ${analysisId}`,
    key: sql`pipe_id`,
    field: 'pipe_id',
  });
  const figures = rows.map((r) => ({
    pipeId: String(r['pipe_id']),
    installYear: num(r['install_year']),
    materialTypeCode: num(r['material_type_code']) as MaterialCode | null,
    diameterMm: num(r['diameter_mm']),
    lof12: num(r['lof_12']),
    lofAbsolute12: num(r['lof_absolute_12']),
    riskDrivers: (json<number[] | null>(r['risk_drivers']) ?? []).map(Number),
  }));
  const [run] = (
    await tx.execute(sql`SELECT vis_summary->'segments' AS segments FROM analyses WHERE id = ${analysisId}`)
  ).rows as Row[];
  return { figures, preprocessSegments: num(run?.['segments']) };
}
