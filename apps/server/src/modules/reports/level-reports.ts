// The two shapes COF and BRE reports share (001 §9): the 11-bucket distribution chart and the 5 rank columns of
// levels 1–5. One aggregate each, over one value column (cof_total or bre) and its level column.
import { DISTRIBUTION_BUCKETS, RISK_LEVELS, type BucketRow, type LevelColumn } from '@pipewise/domain';
import { sql, type SQL } from 'drizzle-orm';
import { num, rowsOf, servedPipes, type ReportRun, type Row } from './report-context.ts';

const STEPS = DISTRIBUTION_BUCKETS.length - 1;

/**
 * 001 §9: bucket = the value as a share of the dataset's highest, rounded to the nearest 10 % (half up: floor(x +
 * 0.5), since round() of a double breaks ties by the platform's rule). So bucket k holds [k − 5 %, k + 5 %) of the
 * highest value, 0 % from nothing and 100 % up to the highest itself. All 11 buckets are listed, empty ones with
 * zeros; a dataset whose values are all 0 has everything in the 0 % bucket.
 */
export async function distribution(run: ReportRun, value: SQL): Promise<BucketRow[]> {
  const rows = await rowsOf(
    run.tx,
    sql`
      SELECT v.b, count(*)::int AS pipes, COALESCE(sum(v.len), 0)::float8 AS length_m, max(v.mx)::float8 AS mx
      FROM (SELECT CASE WHEN s.mx > 0 THEN LEAST(${STEPS}, GREATEST(0, floor(s.val / s.mx * ${STEPS} + 0.5)))::int
            ELSE 0 END AS b, s.len, s.mx
        FROM (SELECT ${value}::float8 AS val, p.length_m AS len, max(${value}::float8) OVER () AS mx
          ${servedPipes(run.ctx, sql`${value} IS NOT NULL`)}) s) v
      GROUP BY v.b`,
  );
  const byBucket = new Map(rows.map((r) => [num(r['b']), r]));
  const highest = rows.length > 0 ? num(rows[0]!['mx']) : 0;
  return DISTRIBUTION_BUCKETS.map((percent, k) => {
    const r = byBucket.get(k);
    return {
      bucket_percent: percent,
      from: k === 0 ? 0 : (highest * (k - 0.5)) / STEPS,
      to: k === STEPS ? highest : (highest * (k + 0.5)) / STEPS,
      pipes: num(r?.['pipes']),
      length_m: num(r?.['length_m']),
    };
  });
}

export interface LevelPass {
  /** Over every pipe with a value. */
  all: Row;
  /** Per level 1–5 (absent when empty). */
  levels: Map<number, Row>;
}

/**
 * Pipes, metres, mean, sum, min and max of `value`, plus `extras` (name → aggregate over the same rows), over all
 * pipes with a value and per level, in one scan (GROUPING SETS). Pipes of level 0 or none (abandoned, no cost,
 * unscored) are in the totals' scan but in no level.
 */
export async function levelPass(
  run: ReportRun,
  value: SQL,
  level: SQL,
  extras: Record<string, SQL> = {},
): Promise<LevelPass> {
  const extra = Object.entries(extras).map(([name, agg]) => sql`, ${agg} AS ${sql.identifier(name)}`);
  const rows = await rowsOf(
    run.tx,
    sql`
      SELECT GROUPING(${level}) AS whole, ${level} AS level, count(*)::int AS pipes,
        COALESCE(sum(p.length_m), 0)::float8 AS length_m, COALESCE(avg(${value}), 0)::float8 AS average,
        COALESCE(sum(${value}), 0)::float8 AS total, min(${value})::float8 AS min, max(${value})::float8 AS max
        ${sql.join(extra, sql``)}
      ${servedPipes(run.ctx, sql`${value} IS NOT NULL`)}
      GROUP BY GROUPING SETS ((${level}), ())`,
  );
  const whole = (r: Row) => Number(r['whole']) === 1;
  return {
    all: rows.find(whole) ?? {},
    levels: new Map(
      rows
        .filter((r) => !whole(r) && (RISK_LEVELS as readonly number[]).includes(num(r['level'])))
        .map((r) => [num(r['level']), r]),
    ),
  };
}

/** The 5 rank columns, always all five (zeros for an empty level). */
export function levelColumns(levels: Map<number, Row>): LevelColumn[] {
  return RISK_LEVELS.map((level) => {
    const r = levels.get(level);
    return {
      level,
      pipes: num(r?.['pipes']),
      length_m: num(r?.['length_m']),
      average: num(r?.['average']),
      total: num(r?.['total']),
      min: num(r?.['min']),
      max: num(r?.['max']),
    };
  });
}
