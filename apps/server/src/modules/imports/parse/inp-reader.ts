// EPANET .inp → layers (pipes, junctions, tanks, reservoirs, valves, pumps) through the engine's parser; the file has
// no CRS, so the user gives one (none = the coordinates are already lon/lat).
import type { Geometry, Position } from 'geojson';
import { type InpModel, type InpPoint, formatInpError, parseInp } from '@pipewise/engine';
import { reproject, toWgs84 } from './crs.ts';
import { ImportFileError } from './import-file-error.ts';
import { decodeText } from './text-chunks.ts';
import type { ImportFeature, ImportFile, LayerInfo, ReadOptions } from './types.ts';

export const INP_LAYERS = ['pipes', 'junctions', 'tanks', 'reservoirs', 'valves', 'pumps'] as const;
export type InpLayer = (typeof INP_LAYERS)[number];

export function parseInpFile(file: ImportFile, encoding?: string): InpModel {
  const result = parseInp(decodeText(file.name, file.bytes, encoding));
  if (result.ok) return result.model;
  const first = result.errors[0]!;
  const more =
    result.errors.length > 1 ? ` (and ${result.errors.length - 1} more${result.truncated ? '+' : ''})` : '';
  return fail(file.name, first, `${formatInpError(first)}${more}`);
}

function fail(file: string, error: { line: number; field: string | null }, message: string): never {
  throw new ImportFileError({
    file,
    line: error.line,
    ...(error.field ? { field: error.field } : {}),
    message,
  });
}

interface Item {
  readonly id: string;
  readonly properties: Record<string, unknown>;
  readonly points: readonly InpPoint[] | null;
}

function items(model: InpModel, layer: InpLayer): Item[] {
  const coords = new Map(model.coordinates.map((c) => [c.nodeId, c] as const));
  const node = (id: string): InpPoint[] | null => (coords.has(id) ? [coords.get(id)!] : null);
  const link = (id: string, a: string, b: string): InpPoint[] | null => {
    const start = coords.get(a);
    const end = coords.get(b);
    return start && end ? [start, ...(model.vertices[id] ?? []), end] : null;
  };
  switch (layer) {
    case 'pipes':
      return model.pipes.map(({ id, ...p }) => ({
        id,
        properties: { id, ...p },
        points: link(id, p.node1, p.node2),
      }));
    case 'valves':
      return model.valves.map(({ id, ...p }) => ({
        id,
        properties: { id, ...p },
        points: link(id, p.node1, p.node2),
      }));
    case 'pumps':
      return model.pumps.map(({ id, ...p }) => ({
        id,
        properties: { id, ...p },
        points: link(id, p.node1, p.node2),
      }));
    case 'junctions':
      return model.junctions.map((j) => ({ id: j.id, properties: { ...j }, points: node(j.id) }));
    case 'tanks':
      return model.tanks.map((t) => ({ id: t.id, properties: { ...t }, points: node(t.id) }));
    case 'reservoirs':
      return model.reservoirs.map((r) => ({ id: r.id, properties: { ...r }, points: node(r.id) }));
  }
}

const isLink = (layer: InpLayer) => layer === 'pipes' || layer === 'valves' || layer === 'pumps';

export function inpLayers(file: ImportFile, options: ReadOptions = {}): LayerInfo[] {
  const model = parseInpFile(file, options.encoding);
  return INP_LAYERS.map((name): LayerInfo => {
    const list = items(model, name);
    return {
      name,
      geometryType: isLink(name) ? 'LineString' : 'Point',
      featureCount: list.length,
      columns: Object.keys(list[0]?.properties ?? {}),
      crs: options.crs ?? null,
    };
  }).filter((l) => l.featureCount > 0);
}

export function* readInp(file: ImportFile, options: ReadOptions = {}): Generator<ImportFeature> {
  const layer = (options.layer ?? 'pipes') as InpLayer;
  if (!INP_LAYERS.includes(layer))
    throw new ImportFileError({ file: file.name, message: `has no layer '${layer}'` });
  const model = parseInpFile(file, options.encoding);
  let transform: ReturnType<typeof toWgs84>;
  try {
    transform = toWgs84(options.crs ?? null);
  } catch (error) {
    throw new ImportFileError({
      file: file.name,
      message: `unsupported CRS ${options.crs}: ${(error as Error).message}`,
    });
  }
  let row = 0;
  for (const item of items(model, layer)) {
    row += 1;
    if (item.points === null) {
      yield {
        row,
        geometry: null,
        properties: item.properties,
        geometryError: `${item.id} has no [COORDINATES]`,
      };
      continue;
    }
    const coordinates: Position[] = item.points.map((p) => [p.x, p.y]);
    const raw: Geometry = isLink(layer)
      ? { type: 'LineString', coordinates }
      : { type: 'Point', coordinates: coordinates[0]! };
    try {
      yield { row, geometry: reproject(raw, transform), properties: item.properties };
    } catch (error) {
      yield { row, geometry: null, properties: item.properties, geometryError: (error as Error).message };
    }
  }
}
