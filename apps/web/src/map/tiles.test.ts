import { describe, expect, it } from 'vitest';
import {
  authorizeApiRequests,
  tileRevision,
  tileUrlTemplate,
  tileUrlTemplates,
  TILE_MAX_ZOOM,
  TILE_MIN_ZOOM,
} from './tiles.ts';
import { vectorSource } from './layer-set.ts';
import { PIPES_LAYERS, PIPES_LINE_LAYER } from './pipes.layers.ts';

describe('tiles', () => {
  it("reads the revision from the dataset's folder `${id}-r${revision}`", () => {
    expect(tileRevision('42-r3')).toBe(3);
    expect(tileRevision('42')).toBeNull();
  });

  it('builds an absolute template with {z}/{x}/{y} left for MapLibre', () => {
    expect(tileUrlTemplate('http://x.test', { id: 42, folder: '42-r3' }, 'pipes')).toBe(
      'http://x.test/api/tiles/42/3/pipes/{z}/{x}/{y}.mvt',
    );
    expect(tileUrlTemplate('http://x.test', { id: 42, folder: 'odd' }, 'pipes')).toBeNull();
  });

  it('gives one template per tile mirror, or the page origin without mirrors (LAYER-21)', () => {
    const dataset = { id: 42, folder: '42-r3' };
    const path = '/api/tiles/42/3/pipes/{z}/{x}/{y}.mvt';
    expect(tileUrlTemplates('http://x.test', [], dataset, 'pipes')).toEqual([`http://x.test${path}`]);
    expect(tileUrlTemplates('http://x.test', ['https://t1.test/'], dataset, 'pipes')).toEqual([
      `https://t1.test${path}`,
    ]);
    expect(
      tileUrlTemplates(
        'http://x.test',
        ['https://t1.test', 'https://t2.test', 'https://t3.test'],
        dataset,
        'pipes',
      ),
    ).toEqual([`https://t1.test${path}`, `https://t2.test${path}`, `https://t3.test${path}`]);
    expect(
      tileUrlTemplates('http://x.test', ['https://t1.test'], { id: 42, folder: 'odd' }, 'pipes'),
    ).toBeNull();
    expect(vectorSource(PIPES_LAYERS, ['a', 'b', 'c']).tiles).toEqual(['a', 'b', 'c']);
  });

  it('serves the pipes from zoom 3 to 16 (spec 000 §9) as lines of the MVT layer "pipes"', () => {
    expect([TILE_MIN_ZOOM, TILE_MAX_ZOOM]).toEqual([3, 16]);
    expect(vectorSource(PIPES_LAYERS, ['u'])).toEqual({
      type: 'vector',
      tiles: ['u'],
      minzoom: 3,
      maxzoom: 16,
    });
    expect(PIPES_LINE_LAYER).toMatchObject({ type: 'line', source: 'pipes', 'source-layer': 'pipes' });
  });

  it('adds the bearer token to same-origin API requests only', () => {
    const transform = authorizeApiRequests('http://x.test', () => 'T');
    expect(transform('http://x.test/api/tiles/1/1/pipes/3/1/2.mvt')).toEqual({
      url: 'http://x.test/api/tiles/1/1/pipes/3/1/2.mvt',
      headers: { Authorization: 'Bearer T' },
    });
    expect(transform('https://basemap.example/style.json')).toEqual({
      url: 'https://basemap.example/style.json',
    });
    expect(authorizeApiRequests('http://x.test', () => null)('http://x.test/api/x')).toEqual({
      url: 'http://x.test/api/x',
    });
  });

  it('adds the bearer token to the tile mirrors too, and to no other host (LAYER-21)', () => {
    const transform = authorizeApiRequests(
      ['http://x.test', 'https://t1.test/', 'https://t2.test'],
      () => 'T',
    );
    const bearer = { Authorization: 'Bearer T' };
    expect(transform('https://t1.test/api/tiles/1/1/pipes/3/1/2.mvt').headers).toEqual(bearer);
    expect(transform('https://t2.test/api/tiles/1/1/pipes/3/1/2.mvt').headers).toEqual(bearer);
    expect(transform('http://x.test/api/tiles/1/1/pipes/3/1/2.mvt').headers).toEqual(bearer);
    expect(transform('https://t3.test/api/tiles/1/1/pipes/3/1/2.mvt').headers).toBeUndefined();
    expect(transform('https://t1.test.evil.example/api/x').headers).toBeUndefined();
    expect(transform('https://t1.test/other').headers).toBeUndefined();
  });
});
