// How many columns one layer may have. Issue 18: a CSV header of 100,000 names (689 kB, a legal upload) held the
// API's thread 2.4 s at inspect, and its answer carried 20 sample rows of 100,000 cells each. Real layers are far
// below the limit: a dBASE table holds at most 255 fields and SQLite (so a GeoPackage) 2,000 columns by default,
// so 2,000 refuses nothing a GIS exports, only text files no utility's system writes.
import { ImportFileError } from './import-file-error.ts';

export const MAX_COLUMNS = 2000;

const count = (n: number) => n.toLocaleString('en');

/**
 * Refuses a layer with more than MAX_COLUMNS columns, naming the layer and how many it has (`atLeast`: the count
 * so far of a layer read no further, a GeoJSON's properties gathered feature by feature).
 */
export function assertColumnCount(file: string, layer: string, columns: number, atLeast = false): void {
  if (columns <= MAX_COLUMNS) return;
  throw new ImportFileError({
    file,
    message: `layer '${layer}' has ${atLeast ? 'at least ' : ''}${count(columns)} columns; Pipewise imports layers of at most ${count(MAX_COLUMNS)}: keep the columns the import needs and upload it again`,
  });
}
