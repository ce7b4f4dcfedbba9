// A validated row → the input of a layer writer: SI values from the record, extra mapped cells from the feature,
// and every source column the mapping does not use kept in attrs (the spec keeps what the model does not name). A
// pipe's cohort material code ('CI-C3') also keeps its suffix in attrs as MATERIAL_COHORT_ATTR (issue 40).
import type { Geometry, Point } from 'geojson';
import { MATERIAL_COHORT_ATTR, type ImportOptions } from '@pipewise/domain';
import type {
  AreaInput,
  BreakInput,
  PipeInput,
  PointAssetInput,
  PopulationInput,
  PressureInput,
  ValveInput,
} from '../network/write-layers.ts';
import { populationColumns } from './import-options.ts';
import { ImportFileError, type ImportFeature, type ImportRecord } from './parse/index.ts';
import { isBlank, toNumber } from './parse/parse-values.ts';
import { materialCohortOf } from './parse/suggest-material-mapping.ts';

const TRUE = /^(true|yes|y|1|t|closed|ja|sì|si|oui|はい|閉)$/i;
const FALSE = /^(false|no|n|0|f|open|nein|non|いいえ|開)$/i;
const ABANDONED =
  /^(abandoned|true|yes|y|1|inactive|removed|retired|廃止|stillgelegt|dismesso|abandonné|abandonado)$/i;

export class RowMapper {
  private readonly used: Set<string>;
  constructor(
    private readonly o: ImportOptions,
    private readonly fileName: string,
  ) {
    this.used = new Set(Object.values(o.mapping));
  }

  private cell(f: ImportFeature, field: string): unknown {
    const column = this.o.mapping[field];
    return column === undefined ? undefined : f.properties[column];
  }
  private text(f: ImportFeature, field: string): string | null {
    const v = this.cell(f, field);
    return isBlank(v) ? null : String(v).trim();
  }
  private flag(f: ImportFeature, field: string, fallback: boolean): boolean {
    const v = this.text(f, field);
    if (v === null) return fallback;
    return TRUE.test(v) ? true : FALSE.test(v) ? false : fallback;
  }
  attrs(f: ImportFeature): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(f.properties)) if (!this.used.has(k) && !isBlank(v)) out[k] = v;
    return out;
  }
  /** The file's own columns, and the suffix of a cohort material code unless the file has a column by its name. */
  private pipeAttrs(f: ImportFeature): Record<string, unknown> {
    const out = this.attrs(f);
    const material = this.text(f, 'material');
    const cohort = material === null ? null : materialCohortOf(material);
    if (cohort !== null && !Object.hasOwn(f.properties, MATERIAL_COHORT_ATTR))
      out[MATERIAL_COHORT_ATTR] = cohort;
    return out;
  }
  private id(r: ImportRecord): string {
    return r.nativeId ?? `row-${r.row}`;
  }
  private fail(r: ImportRecord, message: string): never {
    throw new ImportFileError({ file: this.fileName, row: r.row, field: 'geometry', message });
  }

  /** `nodes`: an EPANET model's own end nodes, used when the mapping names no node columns. */
  pipe(r: ImportRecord, f: ImportFeature, nodes?: { from: string; to: string }): PipeInput {
    const abandoned = r.text['abandoned'] ?? '';
    return {
      native_pipe_id: this.id(r),
      // A pipe without geometry still carries its length and breaks by id; it is simply not drawn.
      geom: r.geometry ?? { type: 'MultiLineString', coordinates: [] },
      length_m: r.lengthM,
      diameter_mm: r.diameterMm,
      install_year: r.installYear,
      material_type_code: r.material,
      abandoned: ABANDONED.test(abandoned.trim()),
      address: r.text['address'] || null,
      road_type: r.text['roadType'] || null,
      pressure_zone: r.text['pressureZone'] || null,
      from_node: r.text['fromNode'] || nodes?.from || null,
      to_node: r.text['toNode'] || nodes?.to || null,
      attrs: this.pipeAttrs(f),
    };
  }

  valve(r: ImportRecord, f: ImportFeature): ValveInput {
    return {
      native_valve_id: this.id(r),
      native_pipe_id: this.text(f, 'nativePipeId'),
      node_id: this.text(f, 'node'),
      install_year: r.installYear,
      valve_type: this.text(f, 'valveType'),
      diameter_mm: r.diameterMm,
      normally_closed: this.flag(f, 'normallyClosed', false),
      operable: this.flag(f, 'operable', true),
      geom: this.point(r),
      attrs: this.attrs(f),
    };
  }

  pointAsset(r: ImportRecord, f: ImportFeature): PointAssetInput {
    return {
      native_id: this.id(r),
      name: this.text(f, 'name'),
      facility_type: this.text(f, 'facilityType'),
      install_year: r.installYear,
      diameter_mm: r.diameterMm,
      geom: r.geometry ?? this.fail(r, 'no geometry'),
      attrs: this.attrs(f),
    };
  }

  area(r: ImportRecord, f: ImportFeature): AreaInput {
    return { native_id: this.id(r), name: this.text(f, 'name'), geom: this.polygon(r), attrs: this.attrs(f) };
  }

  population(r: ImportRecord, f: ImportFeature): PopulationInput {
    const population: Record<string, number> = {};
    for (const [year, column] of populationColumns(this.o.mapping)) {
      const n = toNumber(f.properties[column]);
      if (n !== null) population[year] = n;
    }
    const years = Object.keys(population).sort();
    const base = years.length ? population[years[0]!]! : 0;
    const rate = Object.fromEntries(
      years.map((y) => [y, base > 0 ? Math.round(((population[y]! - base) / base) * 1e4) / 100 : 0]),
    );
    return {
      native_id: this.id(r),
      geom: this.polygon(r),
      population,
      rate_of_change: rate,
      attrs: this.attrs(f),
    };
  }

  break(r: ImportRecord, f: ImportFeature): BreakInput {
    return {
      native_pipe_id: r.nativeId,
      break_date: r.date!,
      date_precision: r.datePrecision ?? 'day',
      geom: r.geometry ? this.point(r) : null,
      attrs: this.attrs(f),
    };
  }

  pressure(r: ImportRecord, f: ImportFeature): PressureInput {
    return {
      native_id: this.id(r),
      reading_at: r.date,
      value_kpa: r.value!,
      geom: r.geometry ? this.point(r) : null,
      attrs: this.attrs(f),
    };
  }

  /** Points as the point layers store them; an EPANET valve (a link) stands at its middle vertex. */
  private point(r: ImportRecord): Point {
    const g = r.geometry ?? this.fail(r, 'no geometry');
    switch (g.type) {
      case 'Point':
        return g;
      case 'MultiPoint':
      case 'LineString':
        if (g.coordinates.length === 0) return this.fail(r, 'empty geometry');
        return { type: 'Point', coordinates: g.coordinates[Math.floor((g.coordinates.length - 1) / 2)]! };
      case 'MultiLineString':
      case 'Polygon':
      case 'MultiPolygon':
      case 'GeometryCollection':
        return this.fail(r, `expected a point, found ${g.type}`);
    }
  }

  private polygon(r: ImportRecord): Geometry {
    const g = r.geometry ?? this.fail(r, 'no geometry');
    if (g.type !== 'Polygon' && g.type !== 'MultiPolygon')
      this.fail(r, `expected a polygon, found ${g.type}`);
    return g;
  }
}
