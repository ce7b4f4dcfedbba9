// The layers OGC API – Features serves per current dataset (issue 42; docs/api-ogc.md): what each collection reads,
// its feature id, geometry and properties as SQL, and which properties filter. Values in SI units (lengths in m,
// diameters in mm), named in each property's `x-ogc-unit` and description. The figures a client's subscriptions hide
// (viewer.ts gates) are left out, as the export leaves their columns out.
import { sql, type SQL } from 'drizzle-orm';
import { MATERIAL_SHORT_LABELS } from '@pipewise/domain';
import { DISPLAYED } from '../assets/assets.repository.ts';
import type { Gates } from '../assets/viewer.ts';

export const LAYER_NAMES = ['pipes', 'segments', 'breaks', 'valves', 'districts', 'mesh'] as const;
export type LayerName = (typeof LAYER_NAMES)[number];

export type PropertyType = 'integer' | 'number' | 'string' | 'boolean';

export interface LayerProperty {
  name: string;
  type: PropertyType;
  expr: SQL;
  description: string;
  unit?: string;
  /** `?name=value` selects on it (the simple attributes). */
  filter?: boolean;
}

/** Which rows of which dataset and served analysis. */
export interface LayerScope {
  datasetId: number;
  analysisId: number | null;
}

export interface Layer {
  name: LayerName;
  title: string;
  geometryType: 'MultiLineString' | 'Point' | 'MultiPolygon';
  /** The FROM clause and the condition of the dataset's rows (no WHERE keyword). */
  from: (s: LayerScope) => SQL;
  where: (s: LayerScope) => SQL;
  /** An integer key, unique in the collection: the feature id and the keyset cursor. */
  id: SQL;
  geom: SQL;
  properties: (g: Gates) => LayerProperty[];
  /** Served only with this gate open (segments: VIS). */
  gate?: keyof Gates;
}

const labels = `{${MATERIAL_SHORT_LABELS.join(',')}}`;
const material = (code: SQL) => sql`(${labels}::text[])[${code} + 1]`;

/** DATA_ORIGIN of a value: 2 overridden, 0 provided, 1 imputed (asset-view.ts statusOf). */
const status = (override: string, provided: SQL) =>
  sql`CASE WHEN (pipes.overrides->>${override}) IS NOT NULL THEN 2 WHEN ${provided} IS NOT NULL THEN 0 ELSE 1 END`;

const HORIZONS = ['12', '24', '36', '60'] as const;

const pipes: Layer = {
  name: 'pipes',
  title: 'Pipes',
  geometryType: 'MultiLineString',
  from: () => sql`pipes JOIN datasets ON datasets.id = pipes.dataset_id
    LEFT JOIN pipe_results ON pipe_results.analysis_id = datasets.analysis_id AND pipe_results.pipe_id = pipes.id`,
  where: (s) => sql`pipes.dataset_id = ${s.datasetId}`,
  id: sql`pipes.id`,
  geom: sql`pipes.geom`,
  properties: (g) => [
    {
      name: 'native_pipe_id',
      type: 'string',
      expr: sql`pipes.native_pipe_id`,
      description: 'The id in the source GIS',
      filter: true,
    },
    { name: 'address', type: 'string', expr: sql`pipes.address`, description: 'Address' },
    { name: 'length_m', type: 'number', expr: sql`pipes.length_m`, description: 'Length (m)', unit: 'm' },
    {
      name: 'diameter_mm',
      type: 'number',
      expr: DISPLAYED.diameter,
      description: 'Diameter in use: corrected, else provided, else imputed (mm)',
      unit: 'mm',
      filter: true,
    },
    {
      name: 'install_year',
      type: 'integer',
      expr: DISPLAYED.installYear,
      description: 'Install year in use: corrected, else provided, else imputed',
      filter: true,
    },
    {
      name: 'material',
      type: 'string',
      expr: material(DISPLAYED.materialTypeCode),
      description: `Material in use (${MATERIAL_SHORT_LABELS.join(', ')})`,
      filter: true,
    },
    {
      name: 'install_year_status',
      type: 'integer',
      expr: status('installYear', sql`pipes.install_year`),
      description: 'Origin of install_year: 0 provided, 1 imputed, 2 corrected',
    },
    {
      name: 'diameter_status',
      type: 'integer',
      expr: status('diameterMm', sql`pipes.diameter_mm`),
      description: 'Origin of diameter_mm: 0 provided, 1 imputed, 2 corrected',
    },
    {
      name: 'material_status',
      type: 'integer',
      expr: status('materialTypeCode', sql`pipes.material_type_code`),
      description: 'Origin of material: 0 provided, 1 imputed, 2 corrected',
    },
    { name: 'abandoned', type: 'boolean', expr: sql`pipes.abandoned`, description: 'Abandoned in place' },
    { name: 'break_count', type: 'integer', expr: sql`pipes.break_count`, description: 'Recorded breaks' },
    {
      name: 'segment_id',
      type: 'integer',
      expr: sql`pipe_results.segment_id`,
      description: 'Valve isolation segment (the segments collection)',
      filter: true,
    },
    ...(g.lof
      ? [
          ...HORIZONS.map((h): LayerProperty => ({
            name: `lof_${h}`,
            type: 'number',
            expr: sql.raw(`pipe_results.lof_${h}`),
            description: `Likelihood of failure: probability of at least one break in ${h} months (0–1)`,
          })),
          {
            name: 'rank_12',
            type: 'number',
            expr: sql`pipe_results.rank_12`,
            description: 'Percentile rank of lof_12 in the network (0–100)',
          } as LayerProperty,
        ]
      : []),
    ...(g.rul
      ? [
          {
            name: 'rul',
            type: 'number',
            expr: sql`pipe_results.rul`,
            description: 'Remaining useful life (years; 100 = 100 or more)',
            unit: 'a',
          } as LayerProperty,
        ]
      : []),
    ...(g.cof
      ? [
          {
            name: 'cof_total',
            type: 'number',
            expr: sql`pipe_results.cof_total`,
            description: "Consequence of failure (the COF scenario's currency)",
          } as LayerProperty,
          {
            name: 'cof_level',
            type: 'integer',
            expr: sql`pipe_results.cof_level`,
            description: 'COF level 1–5',
          } as LayerProperty,
        ]
      : []),
    ...(g.bre === 'open'
      ? [
          {
            name: 'bre',
            type: 'number',
            expr: sql`pipe_results.bre`,
            description: 'Business risk exposure (LOF × COF)',
          } as LayerProperty,
          {
            name: 'bre_level',
            type: 'integer',
            expr: sql`pipe_results.bre_level`,
            description: 'BRE level 1–5',
          } as LayerProperty,
        ]
      : []),
  ],
};

const segments: Layer = {
  name: 'segments',
  title: 'Valve isolation segments',
  geometryType: 'MultiLineString',
  gate: 'vis',
  from: () => sql`vis_segments`,
  // No served analysis: no segments (analysis_id = NULL matches nothing).
  where: (s) => sql`vis_segments.analysis_id = ${s.analysisId}`,
  id: sql`vis_segments.segment_id`,
  geom: sql`vis_segments.geom`,
  properties: (g) => [
    {
      name: 'segment_id',
      type: 'integer',
      expr: sql`vis_segments.segment_id`,
      description: 'Segment id (pipes.segment_id)',
    },
    { name: 'pipes', type: 'integer', expr: sql`vis_segments.pipes`, description: 'Pipes in the segment' },
    { name: 'valves', type: 'integer', expr: sql`vis_segments.valves`, description: 'Valves bounding it' },
    {
      name: 'length_m',
      type: 'number',
      expr: sql`vis_segments.length_m`,
      description: 'Length (m)',
      unit: 'm',
    },
    {
      name: 'install_year',
      type: 'integer',
      expr: sql`vis_segments.install_year`,
      description: 'Install year',
      filter: true,
    },
    { name: 'breaks', type: 'integer', expr: sql`vis_segments.breaks`, description: 'Recorded breaks' },
    ...(g.lof
      ? HORIZONS.map((h): LayerProperty => ({
          name: `lof_${h}`,
          type: 'number',
          expr:
            h === '12'
              ? sql`COALESCE(vis_segments.lof_12, (vis_segments.lof->>'12')::real)`
              : sql`(vis_segments.lof->>${h})::real`,
          description: `Likelihood of at least one break in the segment in ${h} months (0–1)`,
        }))
      : []),
    ...(g.population
      ? [
          {
            name: 'population',
            type: 'number',
            expr: sql`vis_segments.population`,
            description: 'Population served',
          } as LayerProperty,
        ]
      : []),
  ],
};

const breaks: Layer = {
  name: 'breaks',
  title: 'Breaks',
  geometryType: 'Point',
  from: () => sql`breaks`,
  where: (s) => sql`breaks.dataset_id = ${s.datasetId}`,
  id: sql`breaks.id`,
  geom: sql`breaks.geom`,
  properties: () => [
    {
      name: 'break_date',
      type: 'string',
      expr: sql`breaks.break_date::text`,
      description: 'Date (ISO 8601; the start of its period when only the year or month is known)',
    },
    {
      name: 'date_precision',
      type: 'string',
      expr: sql`breaks.date_precision`,
      description: 'year, month or day',
      filter: true,
    },
    {
      name: 'native_pipe_id',
      type: 'string',
      expr: sql`breaks.native_pipe_id`,
      description: 'Pipe id given by the source',
      filter: true,
    },
    {
      name: 'pipe_id',
      type: 'integer',
      expr: sql`breaks.pipe_id`,
      description: 'Pipe it is linked to (feature id in the pipes collection)',
    },
    {
      name: 'matched_by',
      type: 'string',
      expr: sql`breaks.matched_by`,
      description: 'How it was linked: id, snap or null',
    },
  ],
};

const valves: Layer = {
  name: 'valves',
  title: 'Valves',
  geometryType: 'Point',
  from: () => sql`valves`,
  where: (s) => sql`valves.dataset_id = ${s.datasetId}`,
  id: sql`valves.id`,
  geom: sql`valves.geom`,
  properties: () => [
    {
      name: 'native_valve_id',
      type: 'string',
      expr: sql`valves.native_valve_id`,
      description: 'The id in the source GIS',
      filter: true,
    },
    {
      name: 'native_pipe_id',
      type: 'string',
      expr: sql`valves.native_pipe_id`,
      description: 'Pipe it sits on',
      filter: true,
    },
    {
      name: 'install_year',
      type: 'integer',
      expr: sql`valves.install_year`,
      description: 'Install year',
      filter: true,
    },
    { name: 'valve_type', type: 'string', expr: sql`valves.valve_type`, description: 'Type', filter: true },
    {
      name: 'diameter_mm',
      type: 'number',
      expr: sql`valves.diameter_mm`,
      description: 'Diameter (mm)',
      unit: 'mm',
      filter: true,
    },
    {
      name: 'normally_closed',
      type: 'boolean',
      expr: sql`valves.normally_closed`,
      description: 'Normally closed',
    },
    { name: 'operable', type: 'boolean', expr: sql`valves.operable`, description: 'Operable' },
  ],
};

const area = (name: 'districts' | 'mesh', kind: 'district' | 'mesh', title: string): Layer => ({
  name,
  title,
  geometryType: 'MultiPolygon',
  from: () => sql`areas JOIN datasets ON datasets.id = areas.dataset_id
    LEFT JOIN area_results ON area_results.analysis_id = datasets.analysis_id AND area_results.area_id = areas.id`,
  where: (s) => sql`areas.dataset_id = ${s.datasetId} AND areas.kind = ${kind}`,
  id: sql`areas.id`,
  geom: sql`areas.geom`,
  properties: (g) => [
    {
      name: 'native_id',
      type: 'string',
      expr: sql`areas.native_id`,
      description: 'The id in the source',
      filter: true,
    },
    { name: 'name', type: 'string', expr: sql`areas.name`, description: 'Name', filter: true },
    { name: 'pipes', type: 'integer', expr: sql`area_results.pipes`, description: 'Pipes in the area' },
    {
      name: 'length_m',
      type: 'number',
      expr: sql`area_results.length_m`,
      description: 'Length of its pipes (m)',
      unit: 'm',
    },
    ...(g.lof
      ? [
          {
            name: 'expected_breaks_12',
            type: 'number',
            expr: sql`area_results.expected_breaks_12`,
            description: 'Expected breaks in 12 months',
          } as LayerProperty,
        ]
      : []),
  ],
});

export const LAYERS: Record<LayerName, Layer> = {
  pipes,
  segments,
  breaks,
  valves,
  districts: area('districts', 'district', 'Districts'),
  mesh: area('mesh', 'mesh', 'Mesh cells'),
};

/** The layers a viewer may see. */
export const layersFor = (gates: Gates): Layer[] =>
  LAYER_NAMES.map((n) => LAYERS[n]).filter((l) => !l.gate || gates[l.gate]);
