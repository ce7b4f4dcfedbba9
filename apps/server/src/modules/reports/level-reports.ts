// The two shapes COF and BRE reports share (001 §9): the 11-bucket distribution chart and the 5 rank columns of
// levels 1–5. One aggregate each, over one value column (cof_total or bre) and its level column.
import { DISTRIBUTION_BUCKETS, RISK_LEVELS, type BucketRow, type LevelColumn } from '@pipewise/domain';
import { sql, type SQL } from 'drizzle-orm';
import { num, rowsOf, servedPipes, type ReportRun, type Row } from './report-context.ts';

const STEPS = DISTRIBUTION_BUCKETS.length - 1;
/**
 * Issue 38: one pipe's $18.9M put 19,996 of 20,000 pipes in the 0 % bucket — the chart showed nothing. Where the
 * values span this many times over (highest ÷ smallest non-zero), the 11 buckets lie on a logarithmic scale between
 * the smallest and the highest value instead: money is spread over orders of magnitude, and an outlier then moves
 * the last bucket's edge, not every pipe.
 */
export const LOG_SCALE_SPAN = 100;

/**
 * 001 §9 (RPT-13) fixes 11 buckets, 0 % … 100 %: bucket = the value's place between 0 and the dataset's highest,
 * rounded to the nearest 10 % (half up: floor(x + 0.5), since round() of a double breaks ties by the platform's
 * rule). So bucket k holds [k − 5 %, k + 5 %) of the range, 0 % from nothing and 100 % up to the highest itself.
 * Conflict with issue 38, read as a user would: the 11 buckets stay, and "0 % … 100 %" is the place on the scale
 * — linear from 0 as the spec says while the values span less than LOG_SCALE_SPAN, logarithmic from the smallest
 * non-zero value when they span more (pipes of value 0 are in the first bucket either way). Each row carries its
 * money edges and the scale, so the chart is labelled in money. All 11 buckets are listed, empty ones with zeros.
 */
export async function distribution(run: ReportRun, value: SQL): Promise<BucketRow[]> {
  const rows = await rowsOf(
    run.tx,
    sql`
      SELECT v.b, count(*)::int AS pipes, COALESCE(sum(v.len), 0)::float8 AS length_m,
        max(v.hi)::float8 AS hi, max(v.lo)::float8 AS lo
      FROM (SELECT CASE
              WHEN s.hi IS NULL OR s.hi <= 0 OR s.val <= 0 THEN 0
              WHEN s.hi / s.lo >= ${LOG_SCALE_SPAN}
                THEN LEAST(${STEPS}, GREATEST(0, floor(ln(s.val / s.lo) / ln(s.hi / s.lo) * ${STEPS} + 0.5)))::int
              ELSE LEAST(${STEPS}, GREATEST(0, floor(s.val / s.hi * ${STEPS} + 0.5)))::int END AS b,
            s.len, s.hi, s.lo
        FROM (SELECT ${value}::float8 AS val, p.length_m AS len, max(${value}::float8) OVER () AS hi,
                min(${value}::float8) FILTER (WHERE ${value} > 0) OVER () AS lo
          ${servedPipes(run.ctx, sql`${value} IS NOT NULL`)}) s) v
      GROUP BY v.b`,
  );
  const byBucket = new Map(rows.map((r) => [num(r['b']), r]));
  const highest = rows.length > 0 ? num(rows[0]!['hi']) : 0;
  const lowest = rows.length > 0 ? num(rows[0]!['lo']) : 0;
  const log = lowest > 0 && highest / lowest >= LOG_SCALE_SPAN;
  // The value at place x (0…1) of the scale.
  const at = (x: number) => (log ? lowest * (highest / lowest) ** x : highest * x);
  return DISTRIBUTION_BUCKETS.map((percent, k) => {
    const r = byBucket.get(k);
    return {
      bucket_percent: percent,
      from: k === 0 ? 0 : at((k - 0.5) / STEPS),
      to: k === STEPS ? highest : at((k + 0.5) / STEPS),
      pipes: num(r?.['pipes']),
      length_m: num(r?.['length_m']),
      scale: log ? 'log' : 'linear',
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
