// Writes the rows validation staged (writeStagedLayer), or else streams the file a second time and writes the chosen layer into the staged version, a batch a transaction.
import type { ImportOptions } from '@pipewise/domain';
import type { Db, TenantStep } from '../../db/database.ts';
import {
  BATCH_ROWS,
  insertAreas,
  insertBreaks,
  insertPipes,
  insertPointAssets,
  insertPopulation,
  insertPressures,
  insertValves,
  type LayerTarget,
} from '../network/write-layers.ts';
import type { LayerKind } from './layer-target.ts';
import type { ImportFeature, ImportRecord } from './parse/index.ts';
import type { ParseSource } from './parse-thread.ts';
import type { ValidationSummary } from './parse/validate-rows.ts';
import { RowMapper } from './import-rows.ts';
import { scanRows } from './scan.ts';
import { stagedBatches } from './staged-rows.ts';
import { explainRefusedBatch } from './write-failure.ts';

export interface WriteContext {
  /** Runs each batch in a transaction of its own. */
  tenant: TenantStep;
  target: LayerTarget;
  file: ParseSource;
  options: ImportOptions;
  layer: LayerKind;
  currentYear: number;
  /** Rows read so far, for the progress bar. */
  onRows?: (rows: number) => Promise<void> | void;
}

type Write = (tx: Db, rows: readonly Record<string, unknown>[]) => Promise<void>;

/** The row mapping and the insert of a layer; the parse thread uses the mapping alone to stage rows (staged-rows.ts). */
export function writerFor(t: LayerTarget, layer: LayerKind, m: RowMapper) {
  const as =
    <T>(fn: (tx: Db, t: LayerTarget, rows: T[]) => Promise<void>): Write =>
    (tx, rows) =>
      fn(tx, t, rows as T[]);
  switch (layer.table) {
    case 'pipes':
      return { map: (r: ImportRecord, f: ImportFeature) => m.pipe(r, f, nodesOf(f)), write: as(insertPipes) };
    case 'valves':
      return { map: m.valve.bind(m), write: as(insertValves) };
    case 'point_assets':
      return {
        map: m.pointAsset.bind(m),
        write: as((tx, t, rows) => insertPointAssets(tx, t, layer.kind, rows as never)),
      };
    case 'areas':
      return {
        map: m.area.bind(m),
        write: as((tx, t, rows) => insertAreas(tx, t, layer.kind, rows as never)),
      };
    case 'population_regions':
      return { map: m.population.bind(m), write: as(insertPopulation) };
    case 'breaks':
      return { map: m.break.bind(m), write: as(insertBreaks) };
    case 'pressure_readings':
      return { map: m.pressure.bind(m), write: as(insertPressures) };
  }
}

/** EPANET links carry their end nodes: kept so the engine can rebuild the model's topology. */
function nodesOf(f: ImportFeature): { from: string; to: string } | undefined {
  const { node1, node2 } = f.properties;
  return typeof node1 === 'string' && typeof node2 === 'string' ? { from: node1, to: node2 } : undefined;
}

export async function writeLayer(c: WriteContext): Promise<ValidationSummary> {
  const mapper = new RowMapper(c.options, c.file.name);
  const w = writerFor(c.target, c.layer, mapper);
  let batch: Record<string, unknown>[] = [];
  let numbers: number[] = [];
  let rows = 0;
  // A batch the database refuses is explained by the row, field and value that made it fail (write-failure.ts).
  const flush = async () => {
    const b = { file: c.file.name, rows: batch, numbers, mapping: c.options.mapping, tenant: c.tenant };
    await c
      .tenant((tx) => w.write(tx, batch))
      .catch(async (error: unknown) => {
        throw await explainRefusedBatch({ ...b, write: w.write }, error);
      });
    batch = [];
    numbers = [];
  };
  const summary = await scanRows(c.file, c.options, c.currentYear, async (record, feature) => {
    batch.push(w.map(record, feature) as unknown as Record<string, unknown>);
    numbers.push(record.row);
    rows += 1;
    if (batch.length >= BATCH_ROWS) {
      await flush();
      await c.onRows?.(rows);
    }
  });
  if (batch.length) await flush();
  return summary;
}

/**
 * The rows validation staged (staged-rows.ts), written a batch a transaction as writeLayer writes them: no read of
 * the file, no second check or mapping of each row.
 */
export async function writeStagedLayer(c: Omit<WriteContext, 'currentYear'>, staged: string): Promise<void> {
  const w = writerFor(c.target, c.layer, new RowMapper(c.options, c.file.name));
  let rows = 0;
  for await (const { rows: batch, numbers } of stagedBatches(staged, BATCH_ROWS)) {
    const b = { file: c.file.name, rows: batch, numbers, mapping: c.options.mapping, tenant: c.tenant };
    await c
      .tenant((tx) => w.write(tx, batch))
      .catch(async (error: unknown) => {
        throw await explainRefusedBatch({ ...b, write: w.write }, error);
      });
    rows += batch.length;
    await c.onRows?.(rows);
  }
}
