// A row the database refuses, said in the user's words (issue 18: failed imports showed Drizzle's "Failed query:"
// with the batch's JSON cut off before the cause). Rows travel 2,000 to a statement, so the refused one is found by
// writing halves of the batch in transactions that are always rolled back; the SQLSTATE says what is wrong, the row
// says where, and the user's own column names say which field. No SQL and no other row's data reach the message.
import type { Db, TenantStep } from '../../db/database.ts';
import { ImportFileError } from './parse/index.ts';

/** The parts of a PostgreSQL error (node-postgres and PGlite alike) a message can use. */
export interface DbError {
  code: string;
  message: string;
  column?: string;
  detail?: string;
}

/** The database error inside `error` (Drizzle wraps it as `cause`), or null for any other failure. */
export function dbErrorOf(error: unknown): DbError | null {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const o = e as { code?: unknown; message?: unknown; column?: unknown; detail?: unknown; cause?: unknown };
    if (typeof o.code === 'string' && /^[0-9A-Z]{5}$/.test(o.code))
      return {
        code: o.code,
        message: String(o.message ?? ''),
        ...(typeof o.column === 'string' ? { column: o.column } : {}),
        ...(typeof o.detail === 'string' ? { detail: o.detail } : {}),
      };
    e = o.cause;
  }
  return null;
}

/**
 * The row of a refused batch that makes it fail: the last row of its shortest failing prefix (so a duplicate id is
 * found at its second occurrence). `fails(prefix)` writes the rows in a transaction that is always rolled back and
 * answers the database error, or null. log2(batch) writes, on the failure path only.
 */
export async function refusedRow<T>(
  rows: readonly T[],
  batchError: DbError,
  fails: (prefix: readonly T[]) => Promise<DbError | null>,
): Promise<{ index: number; error: DbError }> {
  let ok = 0;
  let failing = rows.length;
  let error = batchError;
  while (failing - ok > 1) {
    const mid = (ok + failing) >> 1;
    const e = await fails(rows.slice(0, mid));
    if (e) [failing, error] = [mid, e];
    else ok = mid;
  }
  return { index: failing - 1, error };
}

/** Writer keys (network/write-layers.ts) → the import's target fields, whose mapped column the user knows. */
const TARGET_OF: Readonly<Record<string, string>> = {
  native_pipe_id: 'nativeId',
  native_valve_id: 'nativeId',
  native_id: 'nativeId',
  diameter_mm: 'diameter',
  install_year: 'installYear',
  material_type_code: 'material',
  length_m: 'length',
  road_type: 'roadType',
  pressure_zone: 'pressureZone',
  from_node: 'fromNode',
  to_node: 'toNode',
  break_date: 'date',
  date_precision: 'date',
  reading_at: 'date',
  value_kpa: 'value',
  facility_type: 'facilityType',
  valve_type: 'valveType',
  normally_closed: 'normallyClosed',
  geom: 'geometry',
  geom_wkb: 'geometry',
};

type Row = Record<string, unknown>;

/** Every [writer key or attrs column, value] of a row, attrs being the file's own columns. */
function cells(row: Row): [string, unknown, boolean][] {
  const own = Object.entries(row).filter(([k]) => k !== 'attrs');
  const attrs = Object.entries((row['attrs'] ?? {}) as Row);
  return [
    ...own.map(([k, v]) => [k, v, false] as [string, unknown, boolean]),
    ...attrs.map(([k, v]) => [k, v, true] as [string, unknown, boolean]),
  ];
}

const SMALLINT = 32767;
const REAL_MAX = 3.4e38;

/** The cell the error is about, found from what PostgreSQL says and the row's values. */
function culpritCell(row: Row, e: DbError): [string, unknown, boolean] | null {
  const all = cells(row);
  const named = e.column ?? /^Key \((?:[^,)]+, )*([^,)]+)\)/.exec(e.detail ?? '')?.[1];
  if (named) return all.find(([k, , attr]) => !attr && k === named) ?? [named, row[named], false];
  const quoted = /"((?:[^"\\]|\\.)*)"\s*$/.exec(e.message)?.[1];
  if (quoted !== undefined) return all.find(([, v]) => typeof v !== 'object' && String(v) === quoted) ?? null;
  switch (e.code) {
    case '22001': {
      const limit = Number(/\((\d+)\)/.exec(e.message)?.[1] ?? Infinity);
      return all.find(([, v]) => typeof v === 'string' && v.length > limit) ?? null;
    }
    case '22003':
      return (
        all.find(
          ([k, v, attr]) =>
            !attr && typeof v === 'number' && Math.abs(v) > (/year|code/.test(k) ? SMALLINT : REAL_MAX),
        ) ?? null
      );
    case '22P05':
    case '22021':
      return (
        all.find(([k, v]) => k.includes('\u0000') || (typeof v === 'string' && v.includes('\u0000'))) ?? null
      );
    default:
      return null;
  }
}

const shown = (v: unknown) => {
  const text = typeof v === 'string' ? v : JSON.stringify(v);
  return (text.length > 60 ? `${text.slice(0, 57)}…` : text).replaceAll('\u0000', '\\0');
};

/** What is wrong, for a SQLSTATE (PostgreSQL Appendix A), about `value` when it is known. */
function what(e: DbError, value: unknown, known: boolean): string {
  const v = known ? ` '${shown(value)}'` : '';
  switch (e.code) {
    case '22001':
      return `the value${v} is too long to store`;
    case '22003':
      return `the number${v} is too large to store`;
    case '23502':
      return 'has no value, and one is required';
    case '22P02':
      return `the value${v} is not a valid ${/type (\w[\w ]*?):/.exec(e.message)?.[1] ?? 'value'}`;
    case '22007':
    case '22008':
      return `the value${v} is not a valid date`;
    case '23505':
      return `the id${v} appears more than once`;
    case '22P05':
    case '22021':
      return 'holds a character that cannot be stored (a NUL byte)';
    case '23514':
      return `the value${v} is not allowed`;
    default:
      return `the database refused the row (SQLSTATE ${e.code})`;
  }
}

/**
 * The ImportFileError for a refused row: the row number as the user counts it, the column as the file names it
 * (`mapping`: target field → column), the value, and the reason; never SQL.
 */
export function refusedRowError(
  file: string,
  rowNumber: number,
  row: Row,
  e: DbError,
  mapping: Readonly<Record<string, string>>,
): ImportFileError {
  const cell = culpritCell(row, e);
  const field =
    cell === null ? undefined : cell[2] ? cell[0] : (mapping[TARGET_OF[cell[0]] ?? cell[0]] ?? cell[0]);
  return new ImportFileError({
    file,
    row: rowNumber,
    ...(field === undefined ? {} : { field: field.replaceAll('\u0000', '\\0') }),
    message: what(e, cell?.[1], cell !== null && cell[1] !== undefined && cell[1] !== null),
  });
}

/** The words of a failed import: a file's defect as it is, a database error without SQL, anything else briefly. */
export function importFailureMessage(fileName: string, error: unknown): string {
  if (error instanceof ImportFileError) return error.message;
  const db = dbErrorOf(error);
  if (db !== null)
    return `${fileName}: the import failed and nothing was changed: the database refused it (SQLSTATE ${db.code}); please report this with the file`;
  const text = error instanceof Error ? error.message : String(error);
  return `${fileName}: the import failed and nothing was changed: ${text}`.slice(0, 2000);
}

/** Thrown inside a probe's transaction so that it is rolled back whatever was written. */
const ROLLBACK = Symbol('rollback');

export interface RefusedBatch {
  file: string;
  rows: readonly Row[];
  /** The row number (as the user counts) of each of `rows`. */
  numbers: readonly number[];
  mapping: Readonly<Record<string, string>>;
  tenant: TenantStep;
  write: (tx: Db, rows: readonly Row[]) => Promise<void>;
}

/**
 * What to throw when writing a batch failed: for a database error, the refused row in the user's words
 * (refusedRowError); anything else as it was.
 */
export async function explainRefusedBatch(b: RefusedBatch, error: unknown): Promise<unknown> {
  const db = dbErrorOf(error);
  if (db === null || b.rows.length === 0) return error;
  const probe = (prefix: readonly Row[]) =>
    b
      .tenant(async (tx) => {
        await b.write(tx, prefix);
        throw ROLLBACK;
      })
      .catch((e: unknown) => (e === ROLLBACK ? null : (dbErrorOf(e) ?? db)));
  const { index, error: refused } = await refusedRow(b.rows, db, probe);
  return refusedRowError(b.file, b.numbers[index]!, b.rows[index]!, refused, b.mapping);
}
