// Unzips an upload and groups shapefile parts by base name (a zip may hold several layers, in folders).
import { ImportFileError } from './import-file-error.ts';
import { inflateEntries } from './zip-inflate.ts';

export interface ShapefileParts {
  readonly name: string;
  readonly shp: Uint8Array;
  readonly dbf: Uint8Array | null;
  readonly prj: string | null;
  readonly cpg: string | null;
}

export function shapefilesIn(file: string, bytes: Uint8Array): ShapefileParts[] {
  // Only the parts a layer needs are inflated; .sbn/.xml and the rest stay compressed.
  const entries = inflateEntries(
    file,
    bytes,
    (name) => /\.(shp|dbf|prj|cpg)$/i.test(name) && !name.startsWith('__MACOSX/'),
  );
  const groups = new Map<string, Record<string, Uint8Array>>();
  for (const [path, data] of entries) {
    const match = /^(.*)\.(shp|dbf|prj|cpg)$/i.exec(path)!;
    const base = match[1]!;
    const group = groups.get(base) ?? {};
    group[match[2]!.toLowerCase()] = data;
    groups.set(base, group);
  }
  const layers: ShapefileParts[] = [];
  for (const [base, parts] of groups) {
    if (!parts.shp) continue;
    const text = (b: Uint8Array | undefined) => (b ? new TextDecoder().decode(b).trim() : null);
    layers.push({
      name: base.split('/').pop()!,
      shp: parts.shp,
      dbf: parts.dbf ?? null,
      prj: text(parts.prj),
      cpg: codePageOf(text(parts.cpg)),
    });
  }
  if (layers.length === 0) throw new ImportFileError({ file, message: 'the zip holds no shapefile (.shp)' });
  return layers;
}

// ArcGIS writes Windows code page numbers in .cpg files; TextDecoder wants labels.
const CODE_PAGES: ReadonlyMap<string, string> = new Map([
  ['65001', 'utf-8'],
  ['1252', 'windows-1252'],
  ['932', 'shift_jis'],
  ['936', 'gbk'],
  ['1250', 'windows-1250'],
  ['1251', 'windows-1251'],
  ['28591', 'iso-8859-1'],
]);

export function codePage(cpg: string): string {
  const key = cpg
    .trim()
    .toLowerCase()
    .replace(/^(?:cp|ansi|windows-)(?=\d)/, '');
  return CODE_PAGES.get(key) ?? cpg.trim();
}

const codePageOf = (cpg: string | null) => (cpg === null ? null : codePage(cpg));
