// The pass behind every asset and LOF breakdown: one scan of the served pipes grouped by each asked grouping at
// once (GROUPING SETS), so a report page's six breakdowns cost one scan, not six. LOF figures are summed only when
// a LOF breakdown is asked (its expected breaks read the lof_absolute jsonb, the costly part).
import { LOF_CLASS_UPPER_BOUNDS, type ReportCategory } from '@pipewise/domain';
import { sql, type SQL } from 'drizzle-orm';
import { GROUPINGS, type GroupingName } from './groupings.ts';
import {
  constArray,
  lofColumn,
  numOrNull,
  rowsOf,
  servedPipes,
  type ReportRun,
  type Row,
} from './report-context.ts';

/** Which grouping each breakdown reads. */
export const GROUPING_OF = {
  length_by_material: 'material',
  length_by_diameter: 'diameter',
  length_by_install_year: 'installYear',
  breaks_by_material: 'material',
  breaks_by_install_year: 'installYear',
  breaks_by_decade: 'decade',
  lof_length_absolute: 'all',
  lof_length_by_diameter: 'diameter',
  lof_length_by_material: 'material',
  lof_length_by_year: 'installYear',
  lof_length_by_decade: 'decade',
} as const satisfies Partial<Record<ReportCategory, GroupingName>>;
type GroupCategory = keyof typeof GROUPING_OF;

/**
 * MAP-TIER-06: a pipe is in the first class whose upper bound exceeds its LOF, i.e. class = the number of bounds
 * ≤ LOF, which is width_bucket over all bounds but the last (1.01: every probability is below it). Compared as
 * `real`, the LOF columns' type, so a stored 0.01 is in the second class as the web sees it.
 */
const classBounds = constArray(LOF_CLASS_UPPER_BOUNDS.slice(0, -1), 'real');
export const LOF_CLASSES = LOF_CLASS_UPPER_BOUNDS.map((_, i) => i);

/**
 * Expected breaks within the horizon: lof_absolute, the LOF stage's expectation keyed by months. A pipe scored
 * without it still has its probability, and since the engine derives lof = 1 − e^(−expected) (Poisson, lof/score.ts),
 * −ln(1 − lof) gives the same number back.
 */
const expectedBreaks = (run: ReportRun) => {
  const lof = lofColumn(run.ctx);
  // numeric, not float8: parsing the JSON number to float8 is ~3× slower on PGlite (see cof-reports.ts part).
  return sql`COALESCE((pr.lof_absolute ->> ${String(run.ctx.horizon)})::numeric,
    CASE WHEN ${lof} < 1 THEN (-ln(1 - ${lof}::float8))::numeric END)`;
};

export interface GroupPass {
  /** Per grouping, its groups: `k` the grouping's value, then the sums (see the SELECT). */
  sets: Map<GroupingName, Row[]>;
  /** Days from the dataset's earliest to its latest break (null without breaks). */
  recordDays: number | null;
}

const LOF_SUMS = sql`,
  ARRAY[${sql.join(
    LOF_CLASSES.map((c) => sql`COALESCE(sum(g.len) FILTER (WHERE g.class = ${c}), 0)::float8`),
    sql`, `,
  )}] AS by_class,
  (sum(g.len * g.lof) / NULLIF(sum(g.len) FILTER (WHERE g.lof IS NOT NULL), 0))::float8 AS mean_lof,
  sum(g.expected)::float8 AS expected_breaks`;

const LOF_INPUTS = (run: ReportRun) => {
  const lof = lofColumn(run.ctx);
  return sql`, ${lof}::float8 AS lof, width_bucket(${lof}, ${classBounds}) AS class, ${expectedBreaks(run)} AS expected`;
};

const list = (parts: SQL[]) => sql.join(parts, sql`, `);
const column = (n: GroupingName): SQL => sql`${sql.identifier(n)}`;

async function query(run: ReportRun): Promise<GroupPass> {
  const asked = (Object.keys(GROUPING_OF) as GroupCategory[]).filter((c) => run.wants(c));
  const names = [...new Set(asked.map((c) => GROUPING_OF[c]))];
  const withLof = asked.some((c) => c.startsWith('lof_'));
  // Every grouping but 'all' is a column of the inner select; 'all' is the empty grouping set.
  const columns = names.filter((n) => n !== 'all');
  const refs = columns.map((n) => sql`g.${column(n)}`);
  const sets = names.map((n) => (n === 'all' ? sql`()` : sql`(g.${column(n)})`));
  const keys = columns.map((n) => sql`${GROUPINGS[n].expr} AS ${column(n)}, `);
  const rows = await rowsOf(
    run.tx,
    sql`
      SELECT ${columns.length > 0 ? sql`GROUPING(${list(refs)})` : sql`0`} AS gid, ${list([...refs, sql`count(*)::int AS pipes`])},
        COALESCE(sum(g.len), 0)::float8 AS length_m, COALESCE(sum(g.breaks), 0)::int AS breaks
        ${withLof ? LOF_SUMS : sql``},
        (SELECT max(break_date) - min(break_date) FROM breaks WHERE dataset_id = ${run.ctx.datasetId}) AS record_days
      FROM (SELECT ${sql.join(keys, sql``)} p.length_m AS len, p.break_count AS breaks
        ${withLof ? LOF_INPUTS(run) : sql``}
        ${servedPipes(run.ctx)}) g
      GROUP BY GROUPING SETS (${list(sets)})`,
  );
  // GROUPING() sets a bit, leftmost argument highest, for each column NOT in a row's set.
  const all = (1 << columns.length) - 1;
  const maskOf = (n: GroupingName) =>
    n === 'all' ? all : all & ~(1 << (columns.length - 1 - columns.indexOf(n)));
  const result = new Map<GroupingName, Row[]>();
  for (const n of names) {
    const mine = rows
      .filter((r) => Number(r['gid']) === maskOf(n))
      // The empty set answers one row even over no pipes: a network without pipes has no groups.
      .filter((r) => Number(r['pipes']) > 0)
      .map((r) => ({ ...r, k: n === 'all' ? null : r[n] }));
    result.set(n, mine.sort(byKey));
  }
  return { sets: result, recordDays: numOrNull(rows[0]?.['record_days']) };
}

/** Ascending by the group's value, unknown (null) last. */
function byKey(a: Row, b: Row): number {
  if (a['k'] == null || b['k'] == null) return a['k'] == null ? (b['k'] == null ? 0 : 1) : -1;
  return Number(a['k']) - Number(b['k']);
}

export const groupPass = (run: ReportRun) => run.once('groups', () => query(run));

export async function groupsOf(
  run: ReportRun,
  category: GroupCategory,
): Promise<{ rows: Row[]; recordDays: number | null }> {
  const pass = await groupPass(run);
  return { rows: pass.sets.get(GROUPING_OF[category]) ?? [], recordDays: pass.recordDays };
}
