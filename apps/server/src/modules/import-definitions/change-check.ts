// How much a run's file would change the network's layer, and whether that is within the definition's limits.
// A nightly re-import that suddenly lacks a fifth of the pipes is far more often a broken export than a fifth of the
// network dug up: such a run waits for a person. Pipes and valves are compared by native id (a file that renames
// every id removes and adds everything); layers without one required, by their row counts.
import { sql } from 'drizzle-orm';
import type { ImportChange, ImportLimits, ImportOptions, ValidationReport } from '@pipewise/domain';
import type { TenantStep } from '../../db/database.ts';
import { currentDatasetOfGroup } from '../network/versions.ts';
import { readOptionsOf } from '../imports/import-options.ts';
import { layerOf } from '../imports/layer-target.ts';
import { featuresInThread, type ParseSource } from '../imports/parse-thread.ts';

const NATIVE_ID_COLUMN = { pipes: 'native_pipe_id', valves: 'native_valve_id' } as const;

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((1000 * part) / whole) / 10);

export async function measureChange(
  tenant: TenantStep,
  file: ParseSource,
  o: ImportOptions,
  report: ValidationReport,
): Promise<ImportChange> {
  const layer = layerOf(o);
  const groupId = 'snapshot_group_id' in o.target ? o.target.snapshot_group_id : null;
  const idColumn = layer.table in NATIVE_ID_COLUMN ? o.mapping['nativeId'] : undefined;
  const current = await tenant(async (tx) => {
    const datasetId = groupId === null ? null : await currentDatasetOfGroup(tx, groupId);
    if (datasetId === null) return null;
    const kind = 'kind' in layer ? sql` AND kind = ${layer.kind}` : sql``;
    if (idColumn) {
      const column = sql.raw(NATIVE_ID_COLUMN[layer.table as keyof typeof NATIVE_ID_COLUMN]);
      const r = await tx.execute(
        sql`SELECT ${column} AS id FROM ${sql.raw(layer.table)} WHERE dataset_id = ${datasetId}`,
      );
      return { count: r.rows.length, ids: new Set(r.rows.map((row) => String(row['id']))) };
    }
    const r = await tx.execute(
      sql`SELECT count(*)::int AS n FROM ${sql.raw(layer.table)} WHERE dataset_id = ${datasetId}${kind}`,
    );
    return { count: Number(r.rows[0]?.['n'] ?? 0), ids: null };
  });
  const incoming = report.imported;
  if (current === null)
    return {
      current: 0,
      incoming,
      removed: 0,
      added: incoming,
      removed_percent: 0,
      added_percent: 0,
      by: 'count',
    };
  if (current.ids && idColumn) {
    // Only the id column crosses from the parse thread, not the features.
    const seen = new Set<string>();
    const only = { geometry: false, columns: [idColumn] };
    for await (const f of featuresInThread(file, readOptionsOf(o), 1000, only)) {
      const v = f.properties[idColumn];
      if (v !== null && v !== undefined && String(v).trim() !== '') seen.add(String(v).trim());
    }
    let removed = 0;
    for (const id of current.ids) if (!seen.has(id)) removed++;
    let added = 0;
    for (const id of seen) if (!current.ids.has(id)) added++;
    return {
      current: current.count,
      incoming,
      removed,
      added,
      removed_percent: percent(removed, current.count),
      added_percent: percent(added, current.count),
      by: 'native-id',
    };
  }
  const removed = Math.max(0, current.count - incoming);
  const added = Math.max(0, incoming - current.count);
  return {
    current: current.count,
    incoming,
    removed,
    added,
    removed_percent: percent(removed, current.count),
    added_percent: percent(added, current.count),
    by: 'count',
  };
}

/** Why the run must wait for a person, or null when it may commit by itself. */
export function holdReason(
  report: ValidationReport,
  change: ImportChange | null,
  limits: ImportLimits,
): string | null {
  if (!report.can_import) return `the validation blocks the import: ${report.blocking.join('; ')}`;
  if (report.skipped > 0 && !limits.allow_skipped_rows)
    return `${report.skipped} of ${report.rows} rows have problems and would be skipped`;
  if (change && change.current > 0) {
    if (change.removed_percent > limits.max_removed_percent)
      return `${change.removed} of ${change.current} rows (${change.removed_percent} %) would be removed, more than the limit of ${limits.max_removed_percent} %`;
    if (limits.max_added_percent !== null && change.added_percent > limits.max_added_percent)
      return `${change.added} rows (${change.added_percent} %) would be added, more than the limit of ${limits.max_added_percent} %`;
  }
  return null;
}
