// Staged import rows carry their geometry as hex EWKB (modules/imports/ewkb.ts): the bytes must be PostGIS's own
// for the same GeoJSON, and the writers' EWKB path must store what their GeoJSON path stores, degenerate shapes too.
import type { Geometry } from 'geojson';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { ewkbHex } from '../src/modules/imports/ewkb.ts';
import { forEachBackend } from './helpers/harness.ts';

const SHAPES: Record<string, Geometry> = {
  point: { type: 'Point', coordinates: [-122.2257025, 37.4832737] },
  line: {
    type: 'LineString',
    coordinates: [
      [-122.2257025, 37.4832737],
      [-122.2252785, 37.4834222],
      [0.1 + 0.2, -1e-7],
    ],
  },
  multiLine: {
    type: 'MultiLineString',
    coordinates: [
      [
        [1, 2],
        [3, 4],
      ],
      [
        [5, 6],
        [7, 8],
        [9, 10],
      ],
    ],
  },
  emptyMultiLine: { type: 'MultiLineString', coordinates: [] },
  polygon: {
    type: 'Polygon',
    coordinates: [
      [
        [0, 0],
        [4, 0],
        [4, 4],
        [0, 0],
      ],
      [
        [1, 1],
        [2, 1],
        [1, 2],
        [1, 1],
      ],
    ],
  },
  multiPolygon: {
    type: 'MultiPolygon',
    coordinates: [
      [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 0],
        ],
      ],
      [
        [
          [5, 5],
          [6, 5],
          [6, 6],
          [5, 5],
        ],
      ],
    ],
  },
  multiPoint: {
    type: 'MultiPoint',
    coordinates: [
      [1, 2],
      [3, 4],
    ],
  },
  collection: {
    type: 'GeometryCollection',
    geometries: [
      { type: 'Point', coordinates: [1, 2] },
      {
        type: 'LineString',
        coordinates: [
          [1, 2],
          [3, 4],
        ],
      },
    ],
  },
  // Stored by the GeoJSON path; ST_GeomFromEWKB would refuse both (a pipe drawn as one point, issue 16).
  onePointLine: { type: 'LineString', coordinates: [[1, 2]] },
  openRing: {
    type: 'Polygon',
    coordinates: [
      [
        [0, 0],
        [1, 0],
        [1, 1],
      ],
    ],
  },
};

forEachBackend(
  'imports: geometry staged as EWKB',
  (h) => {
    it('encodes each shape as the bytes PostGIS gives for the same GeoJSON', async () => {
      for (const [name, g] of Object.entries(SHAPES)) {
        const r = await h.database.db.execute(sql`
          SELECT encode(ST_AsEWKB(ST_SetSRID(ST_GeomFromGeoJSON(${JSON.stringify(g)}), 4326)), 'hex') AS hex`);
        expect({ name, hex: ewkbHex(g) }).toEqual({ name, hex: (r.rows[0] as { hex: string }).hex });
      }
    });

    it('reads back through the writers’ cast as the same geometry, degenerate shapes included', async () => {
      for (const [name, g] of Object.entries(SHAPES)) {
        const r = await h.database.db.execute(sql`
          SELECT ST_AsEWKT(${ewkbHex(g)}::text::geometry) AS wkb,
            ST_AsEWKT(ST_SetSRID(ST_GeomFromGeoJSON(${JSON.stringify(g)}), 4326)) AS json`);
        const row = r.rows[0] as { wkb: string; json: string };
        expect({ name, ewkt: row.wkb }).toEqual({ name, ewkt: row.json });
      }
    });
  },
  { seed: false },
);
