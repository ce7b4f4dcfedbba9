// SQL for the virtual pipes of a dataset: pipes with at least one attribute not provided by the utility, with the
// served analysis' imputation (pipe_results via datasets.analysis_id, as in assets.repository.ts). Statuses are
// derived from the same three inputs as asset-view.ts statusOf: override > provided > imputed.
import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { VirtualAttribute, VirtualPipeSortKey } from '@pipewise/domain';
import type { Db } from '../../db/database.ts';
import { pipeResults } from '../../db/schema-analysis.ts';
import { datasets, pipes, type PipeOverrides } from '../../db/schema-network.ts';
import { DISPLAYED } from '../assets/assets.repository.ts';

/** The wire attribute → the pipes column, its override key and the pipe_results columns. */
export const ATTRIBUTES = {
  diameter: {
    key: 'diameterMm',
    provided: pipes.diameterMm,
    displayed: DISPLAYED.diameter,
    imputed: pipeResults.imputedDiameter,
    likelihood: pipeResults.diameterLikelihood,
  },
  install_year: {
    key: 'installYear',
    provided: pipes.installYear,
    displayed: DISPLAYED.installYear,
    imputed: pipeResults.imputedInstallYear,
    likelihood: pipeResults.installYearLikelihood,
  },
  material_type_code: {
    key: 'materialTypeCode',
    provided: pipes.materialTypeCode,
    displayed: DISPLAYED.materialTypeCode,
    imputed: pipeResults.imputedMaterial,
    likelihood: pipeResults.materialLikelihood,
  },
} as const satisfies Record<VirtualAttribute, { key: keyof PipeOverrides } & Record<string, unknown>>;
const NAMES = Object.keys(ATTRIBUTES) as VirtualAttribute[];

/** DATA_ORIGIN of one attribute in SQL, matching asset-view.ts statusOf. */
export const statusSql = (a: VirtualAttribute) => {
  const { key, provided } = ATTRIBUTES[a];
  return sql<number>`(CASE WHEN ${pipes.overrides}->>${key}::text IS NOT NULL THEN 2
    WHEN ${provided} IS NOT NULL THEN 0 ELSE 1 END)`;
};

const served = and(eq(pipeResults.analysisId, datasets.analysisId), eq(pipeResults.pipeId, pipes.id));

/**
 * The category label of the imputed value in the model's likelihood map, in SQL, as virtual-pipes.service.ts
 * categoryOf labels it in JS: the material code, the diameter to a tenth of a millimetre without trailing zeros,
 * the start of the install year's bin.
 */
const categorySql = (a: VirtualAttribute, yearBin: number) => {
  const imputed = ATTRIBUTES[a].imputed;
  if (a === 'install_year') {
    return sql`((floor(${imputed}::numeric / ${yearBin}) * ${yearBin})::int)::text`;
  }
  if (a === 'diameter') return sql`trim_scale(round(${imputed}::numeric, 1))::text`;
  return sql`(${imputed}::int)::text`;
};

/** The model's likelihood of the imputed value (the table's confidence), null when it imputed none. */
const likelihoodSql = (a: VirtualAttribute, yearBin: number) =>
  sql`(${ATTRIBUTES[a].likelihood}->>${categorySql(a, yearBin)})::float8`;

function sortSql(
  key: VirtualPipeSortKey,
  yearBin: number,
): SQL | typeof pipes.id | typeof pipes.nativePipeId {
  switch (key) {
    case 'id':
      return pipes.id;
    case 'native_pipe_id':
      return pipes.nativePipeId;
    case 'address':
      return sql`lower(${pipes.address})`;
    case 'diameter':
      return DISPLAYED.diameter;
    case 'install_year':
      return DISPLAYED.installYear;
    case 'material_type_code':
      return DISPLAYED.materialTypeCode;
    case 'diameter_likelihood':
      return likelihoodSql('diameter', yearBin);
    case 'install_year_likelihood':
      return likelihoodSql('install_year', yearBin);
    case 'material_type_code_likelihood':
      return likelihoodSql('material_type_code', yearBin);
  }
}

export interface VirtualPipeFilter {
  datasetId: number;
  attribute?: VirtualAttribute | undefined;
  status?: number | undefined;
  /** Only these pipes (the drawn sample). */
  onlyIds?: readonly number[] | undefined;
  /** The pipe's id, or part of its pipe id or address. */
  search?: string | undefined;
  /** The install-year bin of the served imputation (the likelihood maps are keyed by it). */
  yearBin: number;
  sort: { key: VirtualPipeSortKey; desc: boolean };
  limit: number;
  offset: number;
}

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function whereOf(f: Pick<VirtualPipeFilter, 'datasetId' | 'attribute' | 'status' | 'onlyIds' | 'search'>) {
  const names = f.attribute ? [f.attribute] : NAMES;
  const match = (a: VirtualAttribute) =>
    f.status === undefined ? sql`${statusSql(a)} <> 0` : sql`${statusSql(a)} = ${f.status}`;
  // A virtual pipe has some attribute not provided, whatever the filter asks of one attribute.
  const isVirtual = or(...NAMES.map((a) => sql`${statusSql(a)} <> 0`));
  const search = f.search?.trim();
  const pattern = search ? likePattern(search) : '';
  return and(
    eq(pipes.datasetId, f.datasetId),
    isVirtual,
    or(...names.map(match)),
    f.onlyIds ? (f.onlyIds.length ? inArray(pipes.id, [...f.onlyIds]) : sql`false`) : undefined,
    search
      ? or(
          /^\d{1,15}$/.test(search) ? eq(pipes.id, Number(search)) : undefined,
          sql`${pipes.nativePipeId} ILIKE ${pattern}`,
          sql`${pipes.address} ILIKE ${pattern}`,
        )
      : undefined,
  );
}

const rowColumns = {
  id: pipes.id,
  native_pipe_id: pipes.nativePipeId,
  address: pipes.address,
  overrides: pipes.overrides,
  ...Object.fromEntries(
    NAMES.flatMap((a) => {
      const c = ATTRIBUTES[a];
      return [
        [`${a}_status`, statusSql(a)],
        [`${a}_value`, c.displayed],
        [`${a}_provided`, c.provided],
        [`${a}_imputed`, c.imputed],
        [`${a}_likelihood`, c.likelihood],
      ];
    }),
  ),
} as Record<string, SQL | typeof pipes.id>;

export type VirtualPipeRecord = Record<string, unknown>;

export async function listVirtualPipes(tx: Db, f: VirtualPipeFilter) {
  const where = whereOf(f);
  const by = sortSql(f.sort.key, f.yearBin);
  const order = f.sort.desc ? desc(by) : asc(by);
  const rows = await tx
    .select(rowColumns)
    .from(pipes)
    .innerJoin(datasets, eq(datasets.id, pipes.datasetId))
    .leftJoin(pipeResults, served)
    .where(where)
    .orderBy(sql`${order} NULLS LAST`, asc(pipes.id))
    .limit(f.limit)
    .offset(f.offset);
  const [total] = await tx
    .select({ n: count() })
    .from(pipes)
    .innerJoin(datasets, eq(datasets.id, pipes.datasetId))
    .leftJoin(pipeResults, served)
    .where(where);
  return { rows: rows as VirtualPipeRecord[], total: Number(total?.n ?? 0) };
}

/** The 1-based position of each named pipe in the filtered, sorted table (absent: not in it). */
export async function positionsOf(
  tx: Db,
  f: Omit<VirtualPipeFilter, 'limit' | 'offset'>,
  ids: readonly number[],
) {
  const by = sortSql(f.sort.key, f.yearBin);
  const order = f.sort.desc ? desc(by) : asc(by);
  const ranked = tx
    .select({
      id: pipes.id,
      position: sql<number>`row_number() OVER (ORDER BY ${order} NULLS LAST, ${pipes.id})`.as('position'),
    })
    .from(pipes)
    .innerJoin(datasets, eq(datasets.id, pipes.datasetId))
    .leftJoin(pipeResults, served)
    .where(whereOf(f))
    .as('ranked');
  const rows = await tx
    .select()
    .from(ranked)
    .where(inArray(ranked.id, [...ids]));
  return new Map(rows.map((r) => [Number(r.id), Number(r.position)]));
}

/** One pipe of the dataset (provided or not: the caller decides), or undefined. */
export async function findVirtualPipe(tx: Db, datasetId: number, pipeId: number) {
  const [row] = await tx
    .select(rowColumns)
    .from(pipes)
    .innerJoin(datasets, eq(datasets.id, pipes.datasetId))
    .leftJoin(pipeResults, served)
    .where(and(eq(pipes.datasetId, datasetId), eq(pipes.id, pipeId)));
  return row as VirtualPipeRecord | undefined;
}

/** The named pipes of the dataset and the attribute's current override (null: none). */
export async function overridesOf(
  tx: Db,
  datasetId: number,
  pipeIds: readonly number[],
  attribute: VirtualAttribute,
) {
  const key = ATTRIBUTES[attribute].key;
  const rows = await tx
    .select({ id: pipes.id, old: sql<string | null>`${pipes.overrides}->>${key}::text` })
    .from(pipes)
    .where(and(eq(pipes.datasetId, datasetId), inArray(pipes.id, [...pipeIds])));
  return new Map(rows.map((r) => [Number(r.id), r.old === null ? null : Number(r.old)]));
}

/**
 * Sets (value) or removes (null) one attribute's override on every named pipe of the dataset in one statement;
 * the ids it touched (the caller compares them with the ids asked for).
 */
export async function setOverrides(
  tx: Db,
  datasetId: number,
  pipeIds: readonly number[],
  attribute: VirtualAttribute,
  value: number | null,
): Promise<number[]> {
  const key = ATTRIBUTES[attribute].key;
  const overrides =
    value === null
      ? sql`${pipes.overrides} - ${key}::text`
      : sql`${pipes.overrides} || jsonb_build_object(${key}::text, ${value}::numeric)`;
  const rows = await tx
    .update(pipes)
    .set({ overrides })
    .where(and(eq(pipes.datasetId, datasetId), inArray(pipes.id, [...pipeIds])))
    .returning({ id: pipes.id });
  return rows.map((r) => Number(r.id));
}
