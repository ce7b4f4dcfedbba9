// Reading a run's many rows a page at a time (issue 18): on the embedded database a statement runs on the API's own
// thread, and one statement for the 30k pipes of a network had held every other request up to 2.9 s. Each page is
// a short statement of its own (the Reader's), walked along a unique indexed key, so nothing is read twice or missed.
import { sql, type SQL } from 'drizzle-orm';
import type { RawRow as Row } from '../../db/raw-values.ts';
import type { Reader } from './load-inputs.ts';

/** Rows per statement: on the embedded database about 0.2 s each at most; on PostgreSQL fewer round trips. */
export const PAGE_ROWS = { pglite: 2000, postgres: 20000 } as const;

export interface PagedQuery {
  /** `SELECT … FROM …`, without WHERE. */
  readonly select: SQL;
  readonly where: SQL;
  /** The unique key the pages follow (with its index), as SQL, and its name in the rows. */
  readonly key: SQL;
  readonly field: string;
}

/** Every row of `q` in key order, `tx.pageRows` (PostgreSQL's page when not given) per statement. */
export async function readInPages(tx: Reader, q: PagedQuery): Promise<Row[]> {
  const page = tx.pageRows ?? PAGE_ROWS.postgres;
  const out: Row[] = [];
  for (let after: unknown = null; ;) {
    const from = after === null ? sql`` : sql`AND ${q.key} > ${after}`;
    const batch = (
      await tx.execute(sql`${q.select} WHERE ${q.where} ${from} ORDER BY ${q.key} LIMIT ${page}`)
    ).rows as Row[];
    for (const r of batch) out.push(r);
    if (batch.length < page) return out;
    after = batch.at(-1)![q.field];
  }
}
