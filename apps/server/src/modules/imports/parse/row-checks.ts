// One row's checks of single cells (geometry, dates, years, material); each problem goes to the report with the row,
// the column and the value. Row-level rules (ids, units, the record) stay in validate-rows.
import type { Geometry } from 'geojson';
import { MATERIAL, type MaterialCode } from '@pipewise/domain';
import type { ImportKind, TargetField } from './column-synonyms.ts';
import { isBlank, toDate, toNumber } from './parse-values.ts';
import { materialOf } from './suggest-material-mapping.ts';
import type { ImportFeature } from './types.ts';
import type { ColumnMapping, ImportAnswers } from './validate-rows.ts';
import { type ProblemKind, type ReportBuilder, shown } from './validation-report.ts';

const EXPECTED_GEOMETRY: Record<ImportKind, readonly string[] | null> = {
  pipes: ['LineString', 'MultiLineString'],
  assets: null,
  valves: ['Point', 'MultiPoint'],
  facilities: null,
  population: ['Polygon', 'MultiPolygon'],
  breaks: ['Point', 'MultiPoint'],
  pressures: ['Point', 'MultiPoint'],
};

/**
 * Vertices one feature may have (issue 18: one GeoJSON line of a million vertices held the embedded database, and so
 * every request, 5.5 s in the statement that stored it). A main drawn a vertex a metre for 10 km has 10,000; a
 * district or census polygon along a coastline can have far more, so areas get ten times as many.
 */
const MAX_VERTICES = { other: 10_000, area: 100_000 } as const;

function vertexCount(g: Geometry): number {
  switch (g.type) {
    case 'Point':
      return 1;
    case 'MultiPoint':
    case 'LineString':
      return g.coordinates.length;
    case 'MultiLineString':
    case 'Polygon':
      return g.coordinates.reduce((n, part) => n + part.length, 0);
    case 'MultiPolygon':
      return g.coordinates.reduce((n, poly) => n + poly.reduce((m, ring) => m + ring.length, 0), 0);
    case 'GeometryCollection':
      return g.geometries.reduce((n, part) => n + vertexCount(part), 0);
  }
}

/** Adds a row's problems to the report; remembers whether one of them drops the row. */
export class RowChecker {
  fatal = false;
  constructor(
    readonly feature: ImportFeature,
    readonly mapping: ColumnMapping,
    private readonly report: ReportBuilder,
  ) {}
  cell(field: TargetField): unknown {
    const column = this.mapping[field];
    return column === undefined ? undefined : this.feature.properties[column];
  }
  add(kind: ProblemKind, field: string, value: unknown, message: string, fatal = false): void {
    this.report.add(kind, { row: this.feature.row, field, value: shown(value), message });
    if (fatal) this.fatal = true;
  }
}

export function checkGeometry(kind: ImportKind, f: ImportFeature, c: RowChecker): Geometry | null {
  if (f.geometryError !== undefined)
    c.add('unparseable-geometry', 'geometry', '', f.geometryError, kind !== 'breaks' && kind !== 'pressures');
  const expected = EXPECTED_GEOMETRY[kind];
  // A pump or valve exported as a point (WNTR's GIS layers do) is a link of no length once node ids say which two
  // nodes it joins (issue 16): kept as a line from the point to itself.
  if (kind === 'pipes' && f.geometry?.type === 'Point' && c.mapping.fromNode && c.mapping.toNode)
    return { type: 'LineString', coordinates: [f.geometry.coordinates, f.geometry.coordinates] };
  if (f.geometry && expected && !expected.includes(f.geometry.type)) {
    c.add('wrong-geometry-type', 'geometry', f.geometry.type, `expected ${expected.join(' or ')}`, true);
    return null;
  }
  const vertices = f.geometry ? vertexCount(f.geometry) : 0;
  const most = MAX_VERTICES[f.geometry?.type.endsWith('Polygon') ? 'area' : 'other'];
  if (vertices > most) {
    c.add(
      'too-many-vertices',
      'geometry',
      vertices.toLocaleString('en'),
      `${vertices.toLocaleString('en')} vertices; at most ${most.toLocaleString('en')} a feature: simplify it in your GIS`,
      true,
    );
    return null;
  }
  // The network is two-dimensional (geometry(…, 4326) columns): Z and M values failed the commit with SQLSTATE
  // 22023 after a clean validation (issue 37). They are dropped, and the report says so by row.
  if (f.geometry && hasExtraDimensions(f.geometry)) {
    c.add('z-m-dropped', 'geometry', '', 'Z/M coordinate values dropped: the network is stored in 2D');
    return flatten(f.geometry);
  }
  // A pipe without geometry still counts (length, breaks by id); a point or area without one has nothing to show.
  if (f.geometry === null && f.geometryError === undefined && kind !== 'breaks' && kind !== 'pressures')
    c.add(
      'missing-geometry',
      'geometry',
      '',
      `${kind === 'pipes' ? 'pipe' : 'feature'} without geometry`,
      kind !== 'pipes',
    );
  return f.geometry;
}

export function dateOf(c: RowChecker, field: TargetField, a: ImportAnswers) {
  const v = c.cell(field);
  if (isBlank(v)) return null;
  const d = toDate(v, a.dateFormat);
  if (d === null)
    c.add('unparseable-date', c.mapping[field]!, v, `'${shown(v)}' is not a date in the chosen format`);
  else if (d.year < 1800 || d.year > a.currentYear)
    c.add('year-out-of-range', c.mapping[field]!, v, `year ${d.year} outside 1800..${a.currentYear}`);
  return d;
}

export function yearOf(c: RowChecker, a: ImportAnswers): number | null {
  const v = c.cell('installYear');
  if (isBlank(v)) return null;
  const y = toNumber(v) ?? toDate(v, a.dateFormat)?.year ?? null;
  if (y === null) c.add('text-in-number', c.mapping.installYear!, v, `'${shown(v)}' is not a year`);
  else if (!Number.isInteger(y) || y < 1800 || y > a.currentYear)
    c.add('year-out-of-range', c.mapping.installYear!, v, `year ${y} outside 1800..${a.currentYear}`);
  else return y;
  return null;
}

export function materialCell(c: RowChecker, a: ImportAnswers): MaterialCode | null {
  const v = c.cell('material');
  if (isBlank(v)) return null;
  const raw = String(v).trim();
  // Own keys only: a raw value such as 'constructor' must not reach Object.prototype.
  if (a.materials && Object.hasOwn(a.materials, raw)) return a.materials[raw]!;
  const name = materialOf(raw);
  if (name === null) c.add('unmapped-material', c.mapping.material!, v, `'${raw}' maps to no material code`);
  return name === null ? MATERIAL.UNKNOWN : MATERIAL[name];
}

type Positions = number[] | Positions[];

/** Whether any position of the geometry has more than x and y (asked of every row: no closure made per call). */
function hasExtraDimensions(g: Geometry): boolean {
  if (g.type === 'GeometryCollection') return g.geometries.some(hasExtraDimensions);
  return deepExtra(g.coordinates as Positions);
}

function deepExtra(p: Positions): boolean {
  if (typeof p[0] === 'number') return p.length > 2;
  for (const part of p as Positions[]) if (deepExtra(part)) return true;
  return false;
}

/** The geometry with x and y only. */
function flatten(g: Geometry): Geometry {
  const flat = (p: Positions): Positions =>
    typeof p[0] === 'number' ? (p as number[]).slice(0, 2) : (p as Positions[]).map(flat);
  if (g.type === 'GeometryCollection') return { ...g, geometries: g.geometries.map(flatten) };
  return { ...g, coordinates: flat(g.coordinates as Positions) } as Geometry;
}
