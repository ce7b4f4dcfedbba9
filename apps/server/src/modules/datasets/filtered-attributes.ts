// GET /api/filtered_attributes/{datasetId} (IO-EXP-05): the pipe attributes a filter or export can use, with what the
// dataset holds (domain api/filtered-attributes.ts). Four small aggregate queries over the dataset's pipes, under the
// caller's tenant (another client's dataset is a 404 through loadRecord).
import { sql } from 'drizzle-orm';
import type { FilteredAttributes } from '@pipewise/domain';
import type { Db } from '../../db/database.ts';

const NUMERIC = ['diameter_mm', 'install_year', 'length_m', 'break_count'] as const;
const CATEGORY = ['material_type_code', 'road_type', 'pressure_zone'] as const;

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export async function filteredAttributes(db: Db, datasetId: number): Promise<FilteredAttributes> {
  const numericColumns = NUMERIC.map(
    (c) =>
      sql`min(${sql.identifier(c)}) AS ${sql.identifier(`${c}_min`)}, max(${sql.identifier(c)}) AS ${sql.identifier(`${c}_max`)}, count(*) FILTER (WHERE ${sql.identifier(c)} IS NULL) AS ${sql.identifier(`${c}_unknown`)}`,
  );
  const totals = (
    await db.execute(
      sql`SELECT count(*) AS pipes, coalesce(sum(length_m), 0) AS length_m, ${sql.join(numericColumns, sql`, `)}
          FROM pipes WHERE dataset_id = ${datasetId}`,
    )
  ).rows[0] as Record<string, unknown>;
  const attributes: FilteredAttributes['attributes'] = NUMERIC.map((key) => ({
    key,
    kind: 'number' as const,
    min: num(totals[`${key}_min`]),
    max: num(totals[`${key}_max`]),
    unknown: Number(totals[`${key}_unknown`]),
  }));
  for (const key of CATEGORY) {
    const rows = (
      await db.execute(
        sql`SELECT ${sql.identifier(key)} AS value, count(*) AS pipes, coalesce(sum(length_m), 0) AS length_m
            FROM pipes WHERE dataset_id = ${datasetId} GROUP BY 1 ORDER BY 1 NULLS LAST`,
      )
    ).rows as { value: unknown; pipes: unknown; length_m: unknown }[];
    const known = rows.filter((r) => r.value !== null);
    attributes.push({
      key,
      kind: 'category',
      values: known.map((r) => ({
        value: typeof r.value === 'string' ? r.value : Number(r.value),
        pipes: Number(r.pipes),
        length_m: Number(r.length_m),
      })),
      unknown: Number(rows.find((r) => r.value === null)?.pipes ?? 0),
    });
  }
  const columns = (
    await db.execute(
      sql`SELECT k AS name, count(*) AS pipes FROM pipes, jsonb_each(attrs) AS e(k, v)
          WHERE dataset_id = ${datasetId} AND v <> 'null'::jsonb AND v <> '""'::jsonb GROUP BY k ORDER BY k`,
    )
  ).rows as { name: string; pipes: unknown }[];
  return {
    dataset_id: datasetId,
    pipes: Number(totals['pipes']),
    length_m: Number(totals['length_m']),
    attributes,
    source_columns: columns.map((c) => ({ name: c.name, pipes: Number(c.pipes) })),
  };
}
