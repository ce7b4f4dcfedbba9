import { DEFAULT_CITY_CENTER, SYNTH_GENERATOR_VERSION, generateStreets } from '@pipewise/engine';
import type { Position } from 'geojson';
import { describe, expect, it } from 'vitest';
import { townOf } from './demo-basemap.service.ts';
import { townBasemap, type TownParams } from './town-basemap.ts';

const town: TownParams = { seed: 11, pipes: 1500, center: [-122.23, 37.49] };
const basemap = townBasemap(town);
const blocks = basemap.features.filter((f) => f.properties.kind === 'block');
const streets = basemap.features.filter((f) => f.properties.kind === 'street');
const key = (p: Position) => `${p[0]},${p[1]}`;

describe('townBasemap', () => {
  it('draws every street of the town with its class', () => {
    const generated = generateStreets(town);
    expect(streets).toHaveLength(generated.length);
    expect(streets.map((f) => (f.properties.kind === 'street' ? f.properties.road : null))).toEqual(
      generated.map((s) => s.roadType),
    );
  });

  it('finds each face between the streets once: as many blocks as Euler’s formula gives a connected plane graph', () => {
    const ends = new Set(
      streets
        .flatMap((f) =>
          f.geometry.type === 'LineString'
            ? [f.geometry.coordinates[0]!, f.geometry.coordinates.at(-1)!]
            : [],
        )
        .map(key),
    );
    // F = E − V + 1 bounded faces; a cul-de-sac adds an edge and a node, so no face.
    expect(blocks).toHaveLength(streets.length - ends.size + 1);
    const vertices = new Set(
      streets.flatMap((f) => (f.geometry.type === 'LineString' ? f.geometry.coordinates : [])).map(key),
    );
    for (const block of blocks) {
      expect(block.geometry.type).toBe('Polygon');
      const ring = block.geometry.type === 'Polygon' ? block.geometry.coordinates[0]! : [];
      expect(ring.every((p) => vertices.has(key(p)))).toBe(true);
    }
  });

  it('is the same for the same town', () => {
    expect(JSON.stringify(townBasemap(town))).toBe(JSON.stringify(basemap));
  });
});

describe('townOf', () => {
  const metadata = { generator_version: SYNTH_GENERATOR_VERSION, seed: 5, target_pipes: 2000 };

  it('reads the generator’s parameters of the version it wrote, the default centre when none is recorded', () => {
    expect(townOf({ synthetic: true, metadata })).toEqual({
      seed: 5,
      pipes: 2000,
      center: [...DEFAULT_CITY_CENTER],
    });
    expect(townOf({ synthetic: true, metadata: { ...metadata, center: [10, 50] } })?.center).toEqual([
      10, 50,
    ]);
  });

  it('has none for a later version (its pipes may be another network), another generator or odd metadata', () => {
    expect(townOf({ synthetic: false, metadata })).toBeNull();
    expect(townOf({ synthetic: true, metadata: { ...metadata, generator_version: '0.9.0' } })).toBeNull();
    expect(townOf({ synthetic: true, metadata: { ...metadata, seed: '5' } })).toBeNull();
    expect(townOf({ synthetic: true, metadata: {} })).toBeNull();
  });
});
