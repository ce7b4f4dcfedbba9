// Writes the rows validation staged (writeStagedLayer), or else streams the file a second time and writes the chosen layer into the staged version, a batch a transaction.
import type { ImportOptions } from '@pipewise/domain';
import type { Db, TenantStep } from '../../db/database.ts';
import {
  BATCH_ROWS,
  areasStatement,
  breaksStatement,
  inBatches,
  pipesStatement,
  pointAssetsStatement,
  populationStatement,
  pressuresStatement,
  valvesStatement,
  type LayerStatement,
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

/**
 * The row mapping and the insert of a layer; the parse thread uses the mapping alone to stage rows (staged-rows.ts),
 * and the job writes those with the layer's statement, their JSON as staged.
 */
export function writerFor(t: LayerTarget, layer: LayerKind, m: RowMapper) {
  const of = (statement: LayerStatement) => ({
    statement,
    write: ((tx, rows) => inBatches(rows, statement, tx)) satisfies Write,
  });
  switch (layer.table) {
    case 'pipes':
      return {
        map: (r: ImportRecord, f: ImportFeature) => m.pipe(r, f, nodesOf(f)),
        ...of(pipesStatement(t)),
      };
    case 'valves':
      return { map: m.valve.bind(m), ...of(valvesStatement(t)) };
    case 'point_assets':
      return { map: m.pointAsset.bind(m), ...of(pointAssetsStatement(t, layer.kind)) };
    case 'areas':
      return { map: m.area.bind(m), ...of(areasStatement(t, layer.kind)) };
    case 'population_regions':
      return { map: m.population.bind(m), ...of(populationStatement(t)) };
    case 'breaks':
      return { map: m.break.bind(m), ...of(breaksStatement(t)) };
    case 'pressure_readings':
      return { map: m.pressure.bind(m), ...of(pressuresStatement(t)) };
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
 * the file, no second check or mapping of each row, and no row parsed on this thread — each batch goes to the
 * database as the JSON the parse thread wrote, geometry as EWKB. A refused batch is parsed to find its row.
 * `lanes` batches are written at once, each on its own connection (PostgreSQL: the database's work of a batch is
 * most of the import's, and one connection keeps one core busy); the embedded database has one connection.
 */
export async function writeStagedLayer(
  c: Omit<WriteContext, 'currentYear'>,
  staged: string,
  lanes = 1,
): Promise<void> {
  const w = writerFor(c.target, c.layer, new RowMapper(c.options, c.file.name));
  let rows = 0;
  await inLanes(stagedBatches(staged, BATCH_ROWS), lanes, async (batch) => {
    await c
      .tenant((tx) => tx.execute(w.statement(batch.json)))
      .catch(async (error: unknown) => {
        const b = { file: c.file.name, ...batch.parsed(), mapping: c.options.mapping, tenant: c.tenant };
        throw await explainRefusedBatch({ ...b, write: w.write }, error);
      });
    rows += batch.count;
    await c.onRows?.(rows);
  });
}

/**
 * Runs `work` on the items in order, at most `lanes` at once. A failure stops new work; once all work under way has
 * ended (the caller then discards what was written, and no transaction still writes), the failure of the earliest
 * item is thrown, so the error reported does not depend on which lane was faster.
 */
export async function inLanes<T>(
  items: AsyncIterable<T>,
  lanes: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  const running = new Set<Promise<void>>();
  const failures: { index: number; error: unknown }[] = [];
  let index = 0;
  for await (const item of items) {
    if (failures.length > 0) break;
    const i = index++;
    const done: Promise<void> = work(item)
      .catch((error: unknown) => void failures.push({ index: i, error }))
      .finally(() => running.delete(done));
    running.add(done);
    if (running.size >= lanes) await Promise.race(running);
  }
  await Promise.all(running);
  if (failures.length > 0) throw failures.reduce((a, b) => (b.index < a.index ? b : a)).error;
}
