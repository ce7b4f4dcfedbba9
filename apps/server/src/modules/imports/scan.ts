// One pass over a layer: features → row validation → the caller's handler, one row at a time (validate and the
// import job both stream, so a 100k-pipe file is never held as records). The file is read in a thread.
import type { ImportOptions } from '@pipewise/domain';
import { answersOf, columnMapping, importKindOf, readOptionsOf } from './import-options.ts';
import { RowValidator, type ValidationSummary } from './parse/validate-rows.ts';
import type { ImportFeature, ImportRecord } from './parse/index.ts';
import { featuresInThread, type ParseSource } from './parse-thread.ts';

export type RowHandler = (record: ImportRecord, feature: ImportFeature) => void | Promise<void>;

export function scanRows(
  file: ParseSource,
  o: ImportOptions,
  currentYear: number,
  onRow: RowHandler,
): Promise<ValidationSummary> {
  return scanFeatures(featuresInThread(file, readOptionsOf(o)), o, currentYear, onRow);
}

/** The same pass over features read by the caller (the parse thread reads its file itself). */
export async function scanFeatures(
  features: AsyncIterable<ImportFeature>,
  o: ImportOptions,
  currentYear: number,
  onRow: RowHandler,
): Promise<ValidationSummary> {
  const kind = importKindOf(o.type, o.asset_layer);
  const validator = new RowValidator(kind, columnMapping(kind, o.mapping), answersOf(o, currentYear));
  for await (const feature of features) {
    const record = validator.check(feature);
    if (!record) continue;
    // Awaited only when the handler is asynchronous: validation's is not, and a wait per row was a turn per row.
    const done = onRow(record, feature);
    if (done instanceof Promise) await done;
  }
  return validator.summary();
}
