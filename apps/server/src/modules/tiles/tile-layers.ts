// The layers a dataset's vector tiles carry (ARCHITECTURE.md "Tiles and the map"): each is a source table, an
// optional kind filter and the properties every view of that layer needs. The map's style expressions read these
// property names, so they are part of the web contract (apps/web/src/map/*.layers.ts).
import { sql, type SQL } from 'drizzle-orm';

export interface TileLayer {
  table: 'pipes' | 'valves' | 'breaks' | 'point_assets' | 'areas' | 'population_regions';
  kind?: string;
  /** Columns selected as feature properties (SQL expressions aliased to the property name). */
  properties: SQL;
  /** Lowest zoom the layer is served at: points are too dense to be useful below it. */
  minZoom: number;
}

const point = (table: TileLayer['table'], kind?: string): TileLayer => ({
  table,
  ...(kind ? { kind } : {}),
  properties: sql`t.native_id AS native_id, t.name AS name, t.facility_type AS facility_type`,
  minZoom: 10,
});
const area = (kind: string): TileLayer => ({
  table: 'areas',
  kind,
  properties: sql`t.native_id AS native_id, t.name AS name`,
  minZoom: 3,
});

export const TILE_LAYERS: Readonly<Record<string, TileLayer>> = {
  pipes: {
    table: 'pipes',
    properties: sql`t.native_pipe_id AS native_pipe_id, t.diameter_mm AS diameter, t.install_year AS install_year,
      t.material_type_code AS material_type_code, t.break_count AS break_count, t.length_m AS length,
      t.abandoned AS abandoned, t.diameter_status AS diameter_status,
      t.install_year_status AS install_year_status, t.material_status AS material_status`,
    minZoom: 3,
  },
  valves: {
    table: 'valves',
    properties: sql`t.native_valve_id AS native_valve_id, t.native_pipe_id AS native_pipe_id,
      t.valve_type AS valve_type, t.diameter_mm AS diameter, t.normally_closed AS normally_closed,
      t.operable AS operable, t.install_year AS install_year`,
    minZoom: 12,
  },
  breaks: {
    table: 'breaks',
    properties: sql`t.native_pipe_id AS native_pipe_id, t.break_date::text AS break_date, t.pipe_id AS pipe_id`,
    minZoom: 10,
  },
  hydrants: point('point_assets', 'hydrant'),
  reservoirs: point('point_assets', 'reservoir'),
  purification_plants: point('point_assets', 'purification_plant'),
  drains: point('point_assets', 'drain'),
  infrastructure: point('point_assets', 'critical_facility'),
  supply_areas: area('supply_area'),
  district: area('district'),
  mesh: area('mesh'),
  custom_zone: area('custom_zone'),
  population: {
    table: 'population_regions',
    properties: sql`t.native_id AS native_id, t.population AS population, t.rate_of_change AS rate_of_change`,
    minZoom: 3,
  },
};
