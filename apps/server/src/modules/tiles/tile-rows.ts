// The rows PGlite's tiles are encoded from (encode.ts), their property columns packed into one record's text per
// row. Why: PGlite hands each field of a result through JavaScript (a copied buffer, a TextDecoder call, a parser),
// and the pipes layer's 36 property columns made that most of a dense tile's query: on the densest z14 tile of the
// 100k-pipe bench town the query took 307 ms with typed columns and 164 ms with one ROW(…)::text column, for the same
// values (medians of 15 interleaved, load 12 on the shared 2 cores, 2026-12-07). record_out writes each value with
// its type's output function, as the wire does, so its text read back by type gives the values the typed columns
// gave; the types come from one query of no rows per layer and process (tiles.repository.ts).

/** A property column of the rows: its name, and whether the driver hands it as text though it is a number. */
export interface TileColumn {
  name: string;
  /** int8 and numeric: both drivers hand them back as text; the tile carries a number. */
  numericText: boolean;
}

export interface TileRow {
  id: unknown;
  /** TWKB of the geometry in tile coordinates, hex. */
  geometry: string;
  /** One value per column, null when the feature has none (left out of the tile). */
  values: readonly unknown[];
}

/** The rows and their property columns, in order. */
export interface TileRows extends ReadonlyArray<TileRow> {
  readonly columns: readonly TileColumn[];
}

const BOOL = 16;
/** int8 and numeric: text from both drivers, made numbers by the encoder as before. */
const NUMERIC_AS_TEXT = new Set([20, 1700]);
/** int2, int4, float4, float8: numbers, parsed from their text as the drivers do. */
const NUMBER = new Set([21, 23, 700, 701]);
/** text, varchar, bpchar. */
const TEXT = new Set([25, 1043, 1042]);

/** Whether every column's type can be read back from a record's text here; if not, the typed columns are used. */
export const packable = (types: readonly number[]) =>
  types.every((t) => t === BOOL || NUMERIC_AS_TEXT.has(t) || NUMBER.has(t) || TEXT.has(t));

export const columnsOf = (fields: readonly { name: string; dataTypeID: number }[]): TileColumn[] =>
  fields.map((f) => ({ name: f.name, numericText: NUMERIC_AS_TEXT.has(f.dataTypeID) }));

/**
 * The values of a record's text (record_out: `(a,,"b ""c"" \\d")`): a field is bare, or quoted with `"` and `\`
 * doubled inside; an empty bare field is null. Converted by the columns' types.
 */
export function recordValues(text: string, types: readonly number[]): unknown[] {
  const values: unknown[] = new Array(types.length);
  readRecord(text, 0, types, values);
  return values;
}

/**
 * The rows of one text made by tileFeatures: per row, in the query's order and with nothing between rows,
 * `<id>,<hex TWKB>,<record of the property columns>` — the record's closing parenthesis ends the row.
 */
export function packedRows(text: string, types: readonly number[]): TileRow[] {
  const rows: TileRow[] = [];
  let i = 0;
  while (i < text.length) {
    const idEnd = text.indexOf(',', i);
    const geometryEnd = text.indexOf(',', idEnd + 1);
    if (idEnd < 0 || geometryEnd < 0) throw new Error('A tile row without its geometry');
    const values: unknown[] = new Array(types.length);
    const id = text.slice(i, idEnd);
    const geometry = text.slice(idEnd + 1, geometryEnd);
    i = readRecord(text, geometryEnd + 1, types, values);
    rows.push({ id: id === '' ? null : id, geometry, values });
  }
  return rows;
}

/** Reads the record starting at `start` (its opening parenthesis) into `values`; the index after its close. */
function readRecord(text: string, start: number, types: readonly number[], values: unknown[]): number {
  if (text.charCodeAt(start) !== 40) throw new Error('A tile row without its record');
  let i = start + 1;
  for (let c = 0; c < types.length; c++) {
    let field: string | null;
    if (text.charCodeAt(i) === 34) {
      let s = '';
      let from = ++i;
      for (;;) {
        const ch = text.charCodeAt(i);
        if (ch === 92) {
          s += text.slice(from, i);
          from = i + 1;
          i += 2;
        } else if (ch === 34 && text.charCodeAt(i + 1) === 34) {
          s += text.slice(from, i + 1);
          i += 2;
          from = i;
        } else if (ch === 34) {
          s += text.slice(from, i);
          i++;
          break;
        } else if (Number.isNaN(ch)) {
          throw new Error('Unterminated quoted field in a record');
        } else i++;
      }
      field = s;
    } else {
      // A bare field ends at the next comma, or at the record's close for the last one (a bare field holds neither).
      const stop = c === types.length - 1 ? text.indexOf(')', i) : text.indexOf(',', i);
      if (stop < 0) throw new Error('Unterminated record');
      field = stop === i ? null : text.slice(i, stop);
      i = stop;
    }
    i++; // the comma (or the closing parenthesis)
    const t = types[c]!;
    values[c] = field === null ? null : t === BOOL ? field === 't' : NUMBER.has(t) ? Number(field) : field;
  }
  return types.length === 0 ? i + 1 : i;
}

/** Rows of typed columns (`id`, `geometry`, then the properties) as TileRows. */
export function typedRows(
  rows: readonly Record<string, unknown>[],
  fields: readonly { name: string; dataTypeID: number }[],
): TileRows {
  const columns = columnsOf(fields);
  return Object.assign(
    rows.map((row) => ({
      id: row['id'],
      geometry: String(row['geometry']),
      values: columns.map((c) => row[c.name]),
    })),
    { columns },
  );
}
