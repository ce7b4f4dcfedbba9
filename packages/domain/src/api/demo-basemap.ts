// GET /api/datasets/{id}/demo-basemap (docs/api-datasets.md): the generated demo town's own streets and blocks, a
// GeoJSON FeatureCollection the map draws as its basemap. The property names are the contract with the web's
// layer (apps/web/src/map/demo-basemap.layers.ts).

/** Street classes of the generator, widest first. */
export const DEMO_ROAD_TYPES = ['arterial', 'collector', 'local'] as const;
export type DemoRoadType = (typeof DEMO_ROAD_TYPES)[number];

/** A block (a face between streets, polygon) or a street (line) of its class. */
export type DemoBasemapProperties = { kind: 'block' } | { kind: 'street'; road: DemoRoadType };
