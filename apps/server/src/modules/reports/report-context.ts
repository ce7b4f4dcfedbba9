// What every report query shares: the served analysis it reads, the caller's view of it, the "served pipes" the
// aggregates run over, and the conversions of SQL answers (both drivers return bigint and numeric as text, and
// PGlite may hand arrays back as text) to the numbers of the wire contract.
import { sql, type SQL } from 'drizzle-orm';
import {
  riskDriverName,
  type ColumnDriverNames,
  type Language,
  type LofMonths,
  type ReportCategory,
} from '@pipewise/domain';
import type { Db } from '../../db/database.ts';
import type { Gates } from '../assets/viewer.ts';

export interface ReportContext {
  datasetId: number;
  analysisId: number;
  horizon: LofMonths;
  /** Rows of lof_highest. */
  limit: number;
  language: Language;
  gates: Gates;
  /** 001 §6: Japan clients (but client 47) do not see the environmental factor. */
  hidesEnvironment: boolean;
  /** Risk factors chosen at import, named by their column (the analysis' LOF card). */
  columnDrivers?: ColumnDriverNames;
}

/**
 * One report request: its transaction, context and categories, and the passes already made for it. A family's
 * categories share one pass over the pipes (a page asks for its whole family at once), and a pass computes only
 * what the asked categories need: the scan and the jsonb reads are what cost, not the extra sums.
 */
export interface ReportRun {
  tx: Db;
  ctx: ReportContext;
  wants(category: ReportCategory): boolean;
  /** The pass called `key` runs once per request, however many categories read it. */
  once<T>(key: string, query: () => Promise<T>): Promise<T>;
}

export function reportRun(tx: Db, ctx: ReportContext, categories: readonly ReportCategory[]): ReportRun {
  const memo = new Map<string, Promise<unknown>>();
  const asked = new Set(categories);
  return {
    tx,
    ctx,
    wants: (category) => asked.has(category),
    once<T>(key: string, query: () => Promise<T>): Promise<T> {
      if (!memo.has(key)) memo.set(key, query());
      return memo.get(key) as Promise<T>;
    },
  };
}

/**
 * The pipes every report reads: the served analysis' results joined to their pipes, abandoned ones left out (they
 * are out of service: no length, break or cost of theirs belongs in a report). `pr` is pipe_results, `p` pipes.
 */
export const servedPipes = (ctx: ReportContext, where: SQL = sql`TRUE`) => sql`
  FROM pipe_results pr JOIN pipes p ON p.id = pr.pipe_id AND p.dataset_id = ${ctx.datasetId}
  WHERE pr.analysis_id = ${ctx.analysisId} AND NOT p.abandoned AND (${where})`;

// Columns per LOF horizon, chosen from a fixed map (never text built from the request).
const LOF_COLUMN: Record<LofMonths, SQL> = {
  12: sql`pr.lof_12`,
  24: sql`pr.lof_24`,
  36: sql`pr.lof_36`,
  60: sql`pr.lof_60`,
};
const RANK_COLUMN: Record<LofMonths, SQL> = {
  12: sql`pr.rank_12`,
  24: sql`pr.rank_24`,
  36: sql`pr.rank_36`,
  60: sql`pr.rank_60`,
};
export const lofColumn = (ctx: ReportContext): SQL => LOF_COLUMN[ctx.horizon];
export const rankColumn = (ctx: ReportContext): SQL => RANK_COLUMN[ctx.horizon];

/** A list of numeric constants of the code (never request input) as a SQL array of `type`. */
export const constArray = (values: readonly number[], type: 'real' | 'float8'): SQL => {
  if (!values.every(Number.isFinite)) throw new Error('constArray: not a number');
  return sql.raw(`ARRAY[${values.join(',')}]::${type}[]`);
};

export type Row = Record<string, unknown>;

export async function rowsOf(tx: Db, query: SQL): Promise<Row[]> {
  return (await tx.execute(query)).rows as Row[];
}

export const num = (v: unknown): number => (v == null ? 0 : Number(v));
export const numOrNull = (v: unknown): number | null => (v == null ? null : Number(v));

export { rawNumberArray as numArray } from '../../db/raw-values.ts';

/** A risk driver's name in the viewer's language (a chosen column's own name); its code when the code is unknown. */
export const driverName = (code: number, language: Language, columns?: ColumnDriverNames): string =>
  riskDriverName(code, language, columns) ?? String(code);
