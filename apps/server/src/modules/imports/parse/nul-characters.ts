// PostgreSQL stores no U+0000 in text or jsonb (issue 18: a NUL in a column name or value answered 500 at upload or
// failed the import with raw SQL). Text files are refused at decoding (text-chunks.ts); these checks cover the
// formats whose strings come decoded from elsewhere (GeoJSON "\u0000" escapes, dBASE and GeoPackage text), and
// name the layer, column or row and field so the user can fix the file.
import { ImportFileError } from './import-file-error.ts';
import type { ImportFeature, LayerInfo } from './types.ts';

const hasNul = (text: string) => text.includes('\u0000');
/** The name as a user would read it, the NUL shown as \0. */
const shown = (text: string) => text.replaceAll('\u0000', '\\0');
const WHY = 'holds a NUL character (byte 0), which cannot be stored; remove it from the file';

export function assertNoNulInLayers(file: string, layers: readonly LayerInfo[]): void {
  for (const layer of layers) {
    if (hasNul(layer.name))
      throw new ImportFileError({ file, message: `the name of layer '${shown(layer.name)}' ${WHY}` });
    const column = layer.columns.find(hasNul);
    if (column !== undefined)
      throw new ImportFileError({ file, field: shown(column), message: `the column name ${WHY}` });
  }
}

export function assertNoNulInFeature(file: string, feature: ImportFeature): void {
  for (const [key, value] of Object.entries(feature.properties)) {
    if (hasNul(key))
      throw new ImportFileError({
        file,
        row: feature.row,
        field: shown(key),
        message: `the column name ${WHY}`,
      });
    if (typeof value === 'string' && hasNul(value))
      throw new ImportFileError({ file, row: feature.row, field: key, message: `the value ${WHY}` });
  }
}
