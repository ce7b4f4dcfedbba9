// The layers a dataset's vector tiles carry (ARCHITECTURE.md "Tiles and the map"): each is a source table, the
// joins to the served analysis' results, and the flat properties every view of that layer needs (spec 000 §3 view
// table: rank_{n}, lof_{n}, pop_{year}, roc_{year}, install_year, diameter, material_type_code, cof, bre,
// break_count, the statuses). MVT values are scalars, so jsonb maps (population by year) are expanded into one
// property per key. The map's style expressions read these names: they are the web contract
// (apps/web/src/map/*.layers.ts).
//
// Tiles are per dataset and revision, cached immutably and shared by every user of the client, so they carry every
// result whatever the user's subscriptions (COF, BRE…): hiding values a subscription does not cover is the job of
// the details API, not of the tiles.
import { LOF_RANK_OUT_OF_RANGE } from '@pipewise/domain';
import { sql, type SQL } from 'drizzle-orm';

export type TileTable =
  'pipes' | 'valves' | 'breaks' | 'point_assets' | 'areas' | 'population_regions' | 'vis_segments';

/** A jsonb map expanded into `${prefix}${key}` properties (population by year → pop_2030, pop_2040…). */
export interface TileExpansion {
  prefix: string;
  json: SQL;
  decimals: number;
  /**
   * Where the keys can be listed without the layer's joins (`FROM … WHERE …` naming \`json\`'s alias): the pipes'
   * years from pipe_results alone take 0.3 s at 100k pipes, through the join to pipes 1.9 s.
   */
  keysFrom?: (datasetId: number, analysisId: number | null) => SQL;
}

export interface TileLayer {
  table: TileTable;
  kind?: string;
  /** `dataset`: rows of the dataset; `analysis`: rows of the served analysis only (none before the first). */
  scope: 'dataset' | 'analysis';
  /** Feature id (an integer column). */
  id: SQL;
  /** Joins to result tables; `a` is the served analysis id (null before the first analysis). */
  joins?: (analysisId: number | null) => SQL;
  /** Property name → SQL expression; nulls are left out of the tile. */
  properties: Readonly<Record<string, SQL>>;
  expansions?: readonly TileExpansion[];
  /**
   * Values that stand for "none" in a property (by name prefix): a property holding only these is not listed as
   * present, so its view is not offered (a network without break history has every rank at the unscored 333).
   */
  sentinels?: readonly { prefix: string; value: number }[];
  /** Lowest zoom the layer is served at: points are too dense to be useful below it. */
  minZoom: number;
  /** Tile-unit margin around the tile (spec 000 §9: 128 for pipe layers, 512 for the rest). */
  buffer: number;
}

/** Spec 000 §9 "buffer 512 for infrastructure and 128 for pipe layers". */
export const PIPE_BUFFER = 128;
export const INFRASTRUCTURE_BUFFER = 512;

/**
 * Rounded to a few decimals: small tiles, and the same value on both encoders. Back to float8 after the rounding:
 * ST_AsMVT writes a numeric column as text, a float8 one as a number (and jsonb keeps the same figure).
 */
const round = (e: SQL, decimals: number) => {
  const numeric = sql`round((${e})::numeric, ${sql.raw(String(decimals))})`;
  const float = sql`${numeric}::float8`;
  numericForms.set(float, numeric);
  return float;
};
/**
 * A rounded property without its float8 cast, for the rows Node encodes (propertyColumns' `numeric` form): on PGlite
 * the cast back to float8 (numeric_out, then strtod, in WebAssembly) was a third of a dense tile's query, and
 * Number() of the numeric's text is the same double — both are the correctly rounded parse of the same digits.
 */
const numericForms = new WeakMap<SQL, SQL>();

const point = (table: TileTable, kind?: string): TileLayer => ({
  table,
  ...(kind ? { kind } : {}),
  scope: 'dataset',
  id: sql`t.id`,
  properties: { native_id: sql`t.native_id`, name: sql`t.name`, facility_type: sql`t.facility_type` },
  minZoom: 10,
  buffer: INFRASTRUCTURE_BUFFER,
});

/**
 * An area's aggregate (area_results). lof_12 = 1 − Π(1 − lof) reads 100 % over any sizeable area, so the map colours
 * areas by `break_rate`, expected breaks per km and year (the breakRate view, issue 15); `expected_breaks` is per
 * year, `top_risk_share` the share 0–1 of its length in BRE levels 4–5, `length` in m.
 */
const AREA_RESULTS = {
  lof_12: round(sql`ar.lof_12`, 4),
  expected_breaks: round(sql`ar.expected_breaks_12`, 3),
  break_rate: round(sql`ar.expected_breaks_12 / NULLIF(ar.length_m, 0) * 1000`, 4),
  top_risk_share: round(sql`ar.top_risk_length_m / NULLIF(ar.length_m, 0)`, 3),
  length: round(sql`ar.length_m`, 1),
  pipes: sql`ar.pipes`,
  risk_driver_0: sql`ar.risk_drivers[1]`,
};

const area = (kind: string, results: boolean): TileLayer => ({
  table: 'areas',
  kind,
  scope: 'dataset',
  id: sql`t.id`,
  ...(results
    ? {
        joins: (a: number | null) =>
          sql`LEFT JOIN area_results ar ON ar.analysis_id = ${a} AND ar.area_id = t.id`,
      }
    : {}),
  properties: {
    native_id: sql`t.native_id`,
    name: sql`t.name`,
    ...(results ? AREA_RESULTS : {}),
  },
  minZoom: 3,
  buffer: INFRASTRUCTURE_BUFFER,
});

const LOF_MONTHS = [12, 24, 36, 60] as const;
const byHorizon = (name: string, of: (m: number) => SQL, decimals: number) =>
  Object.fromEntries(LOF_MONTHS.map((m) => [`${name}_${m}`, round(of(m), decimals)]));

/** The value used: the user's override (pipes.overrides) first, then the analysis' value, then the provided one. */
const used = (key: string, result: string, provided: string, type: string) =>
  sql.raw(`COALESCE((t.overrides->>'${key}')::${type}, r.${result}, t.${provided})`);
/** DATA_ORIGIN: 2 overridden, else the analysis' status, else 0 when provided (null: unknown, no analysis yet). */
const status = (key: string, result: string, provided: string) =>
  sql.raw(
    `CASE WHEN t.overrides ? '${key}' THEN 2 WHEN r.pipe_id IS NOT NULL THEN r.${result} ` +
      `WHEN t.${provided} IS NOT NULL THEN 0 END`,
  );
const installYearStatus = status('installYear', 'install_year_status', 'install_year');
const diameterStatus = status('diameterMm', 'diameter_status', 'diameter_mm');
const materialStatus = status('materialTypeCode', 'material_status', 'material_type_code');

const resultsOf = (_: number, analysisId: number | null) =>
  sql`FROM pipe_results r WHERE r.analysis_id = ${analysisId}`;

const PIPES: TileLayer = {
  table: 'pipes',
  scope: 'dataset',
  id: sql`t.id`,
  joins: (a) => sql`LEFT JOIN pipe_results r ON r.analysis_id = ${a} AND r.pipe_id = t.id`,
  properties: {
    native_pipe_id: sql`t.native_pipe_id`,
    length: round(sql`t.length_m`, 1),
    abandoned: sql`t.abandoned`,
    break_count: sql`t.break_count`,
    install_year: used('installYear', 'install_year', 'install_year', 'int'),
    diameter: round(used('diameterMm', 'diameter_mm', 'diameter_mm', 'float8'), 1),
    material_type_code: used('materialTypeCode', 'material_type_code', 'material_type_code', 'int'),
    install_year_status: installYearStatus,
    diameter_status: diameterStatus,
    material_status: materialStatus,
    status: sql`GREATEST(${installYearStatus}, ${diameterStatus}, ${materialStatus})`,
    ...byHorizon('lof', (m) => sql.raw(`r.lof_${m}`), 4),
    // Percentile from the top (0.1 = riskiest of 1,000; 333 unscored): tiers at 3, 10, 25, 50.
    ...byHorizon('rank', (m) => sql.raw(`r.rank_${m}`), 2),
    // The 'highest' view: expected breaks over the horizon (pipe_results.lof_absolute, keyed by months).
    ...byHorizon('lofa', (m) => sql.raw(`(r.lof_absolute->>'${m}')::float8`), 3),
    rul: round(sql`r.rul`, 1),
    cof: sql`r.cof_level`,
    cof_total: round(sql`r.cof_total`, 0),
    bre: sql`r.bre_level`,
    bre_total: round(sql`r.bre`, 2),
    segment_id: sql`r.segment_id`,
    risk_driver_0: sql`r.risk_drivers[1]`,
  },
  expansions: [
    // Spec 000 §9 shows population with 2 decimals; the rate of change is %/year.
    { prefix: 'pop_', json: sql`r.population`, decimals: 2, keysFrom: resultsOf },
    { prefix: 'roc_', json: sql`r.rate_of_change`, decimals: 2, keysFrom: resultsOf },
  ],
  sentinels: [{ prefix: 'rank_', value: LOF_RANK_OUT_OF_RANGE }],
  minZoom: 3,
  buffer: PIPE_BUFFER,
};

/** Valve isolation segments of the served analysis (spec 000 §3 VIS record). */
const VIS: TileLayer = {
  table: 'vis_segments',
  scope: 'analysis',
  id: sql`t.segment_id`,
  properties: {
    segment_id: sql`t.segment_id`,
    install_year: sql`t.install_year`,
    breaks: sql`t.breaks`,
    pipes: sql`t.pipes`,
    valves: sql`t.valves`,
    length: round(sql`t.length_m`, 1),
    population: round(sql`t.population`, 2),
    ...byHorizon(
      'lof',
      (m) => (m === 12 ? sql`COALESCE(t.lof_12, (t.lof->>'12')::float8)` : sql.raw(`t.lof->>'${m}'`)),
      4,
    ),
  },
  minZoom: 3,
  buffer: PIPE_BUFFER,
};

export const TILE_LAYERS: Readonly<Record<string, TileLayer>> = {
  pipes: PIPES,
  vis: VIS,
  valves: {
    table: 'valves',
    scope: 'dataset',
    id: sql`t.id`,
    properties: {
      native_valve_id: sql`t.native_valve_id`,
      native_pipe_id: sql`t.native_pipe_id`,
      valve_type: sql`t.valve_type`,
      diameter: round(sql`t.diameter_mm`, 1),
      normally_closed: sql`t.normally_closed`,
      operable: sql`t.operable`,
      install_year: sql`t.install_year`,
    },
    minZoom: 12,
    buffer: INFRASTRUCTURE_BUFFER,
  },
  breaks: {
    table: 'breaks',
    scope: 'dataset',
    id: sql`t.id`,
    properties: {
      native_pipe_id: sql`t.native_pipe_id`,
      break_date: sql`t.break_date::text`,
      pipe_id: sql`t.pipe_id`,
    },
    minZoom: 10,
    buffer: INFRASTRUCTURE_BUFFER,
  },
  hydrants: point('point_assets', 'hydrant'),
  reservoirs: point('point_assets', 'reservoir'),
  purification_plants: point('point_assets', 'purification_plant'),
  drains: point('point_assets', 'drain'),
  infrastructure: point('point_assets', 'critical_facility'),
  supply_areas: area('supply_area', false),
  district: area('district', true),
  mesh: area('mesh', true),
  custom_zone: area('custom_zone', true),
  population: {
    table: 'population_regions',
    scope: 'dataset',
    id: sql`t.id`,
    properties: { native_id: sql`t.native_id` },
    expansions: [
      { prefix: 'pop_', json: sql`t.population`, decimals: 2 },
      { prefix: 'roc_', json: sql`t.rate_of_change`, decimals: 2 },
    ],
    minZoom: 3,
    buffer: INFRASTRUCTURE_BUFFER,
  },
};

/** jsonb of a feature's properties, nulls stripped (the same expression feeds both encoders and tile-properties). */
export function propertiesJsonb(layer: TileLayer): SQL {
  const entries = Object.entries(layer.properties);
  // jsonb_build_object takes at most 100 arguments: 50 pairs per call.
  const chunks: SQL[] = [];
  for (let i = 0; i < entries.length; i += 40) {
    const pairs = entries.slice(i, i + 40).map(([name, e]) => sql`${sql.raw(`'${name}'`)}, ${e}`);
    chunks.push(sql`jsonb_build_object(${sql.join(pairs, sql`, `)})`);
  }
  for (const x of layer.expansions ?? []) {
    chunks.push(sql`COALESCE((SELECT jsonb_object_agg(${sql.raw(`'${x.prefix}'`)} || e.key,
      round(e.value::numeric, ${sql.raw(String(x.decimals))}))
      FROM jsonb_each_text(${x.json}) e WHERE e.value IS NOT NULL), '{}'::jsonb)`);
  }
  return sql`jsonb_strip_nulls(${sql.join(chunks, sql` || `)})`;
}

/** The keys each expansion of a layer has in the data at hand (prefix → keys), e.g. `pop_` → 2030, 2040. */
export type ExpansionKeys = Readonly<Record<string, readonly string[]>>;

/** Keys that may become a column name: the population years and the like, never arbitrary text. */
export const EXPANSION_KEY = /^[A-Za-z0-9_]{1,40}$/;

/**
 * One typed column per property (text, integer, float8, boolean), the expansions' keys included: ST_AsMVT writes a
 * column straight as a value, where one jsonb of 41 keys had to be built per row and decoded again (issue 41: 3.1×
 * a plain ST_AsMVT query on PostgreSQL, 5.6× on PGlite). Null values are left out of the tile by both encoders.
 * `numeric` leaves the rounded values numeric, for Node's encoder (numericForms); ST_AsMVT needs float8, as it writes
 * a numeric as text.
 */
export function propertyColumns(
  layer: TileLayer,
  keys: ExpansionKeys,
  rounded: 'float8' | 'numeric' = 'float8',
): SQL {
  const columns = Object.entries(layer.properties).map(
    ([name, e]) => sql`${(rounded === 'numeric' && numericForms.get(e)) || e} AS ${sql.identifier(name)}`,
  );
  const cast = rounded === 'float8' ? sql`::float8` : sql``;
  for (const x of layer.expansions ?? []) {
    for (const key of expansionKeysOf(x, keys)) {
      columns.push(
        sql`round((${x.json}->>${key}::text)::numeric, ${sql.raw(String(x.decimals))})${cast} AS ${sql.identifier(x.prefix + key)}`,
      );
    }
  }
  return sql.join(columns, sql`, `);
}

const expansionKeysOf = (x: TileExpansion, keys: ExpansionKeys) =>
  (keys[x.prefix] ?? []).filter((k) => EXPANSION_KEY.test(k));

/** The names of the columns propertyColumns makes, in its order. */
export function propertyColumnNames(layer: TileLayer, keys: ExpansionKeys): string[] {
  return [
    ...Object.keys(layer.properties),
    ...(layer.expansions ?? []).flatMap((x) => expansionKeysOf(x, keys).map((k) => x.prefix + k)),
  ];
}
