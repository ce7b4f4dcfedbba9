// Format by magic bytes first (a renamed file still opens), then by extension.
import type { ImportFormat } from './types.ts';

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const SQLITE = 'SQLite format 3\u0000';

const BY_EXTENSION: ReadonlyMap<string, ImportFormat> = new Map(
  Object.entries({
    geojson: 'geojson',
    json: 'geojson',
    zip: 'shapefile-zip',
    gpkg: 'geopackage',
    csv: 'csv',
    tsv: 'csv',
    txt: 'csv',
    inp: 'inp',
  } satisfies Record<string, ImportFormat>),
);

export function detectFormat(fileName: string, firstBytes: Uint8Array): ImportFormat | null {
  if (startsWith(firstBytes, ZIP)) return 'shapefile-zip';
  if (new TextDecoder('latin1').decode(firstBytes.subarray(0, 16)) === SQLITE) return 'geopackage';
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  return (ext !== undefined ? BY_EXTENSION.get(ext) : undefined) ?? sniffText(firstBytes);
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((b, i) => bytes[i] === b);
}

function sniffText(bytes: Uint8Array): ImportFormat | null {
  const head = new TextDecoder()
    .decode(bytes.subarray(0, 4096))
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (head.startsWith('{')) return 'geojson';
  if (/^\[(TITLE|JUNCTIONS|PIPES|RESERVOIRS)\]/i.test(head)) return 'inp';
  if (/^[^\n]*[,;\t][^\n]*\n/.test(head)) return 'csv';
  return null;
}
