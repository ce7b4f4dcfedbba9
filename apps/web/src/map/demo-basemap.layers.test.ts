import { expression, featureFilter, latest } from '@maplibre/maplibre-gl-style-spec';
import { describe, expect, it } from 'vitest';
import { demoBlocksLayer, demoStreetsLayer } from './demo-basemap.layers.ts';

/** The street width MapLibre computes for a road class at a zoom, from the layer's own expression. */
function widthOf(road: string, zoom: number): number {
  const spec = demoStreetsLayer('light').paint!['line-width'];
  const compiled = expression.createPropertyExpression(
    spec,
    'layers[1].paint.line-width',
    latest.paint_line['line-width'] as never,
  );
  if (compiled.result !== 'success') throw new Error(JSON.stringify(compiled.value));
  return compiled.value.evaluate({ zoom }, {
    type: 2,
    properties: { kind: 'street', road },
  } as never) as number;
}

describe('demo basemap layers', () => {
  it('draw arterials widest, locals thinnest, all wider as the map zooms in', () => {
    for (const zoom of [12, 14, 16]) {
      expect(widthOf('arterial', zoom)).toBeGreaterThan(widthOf('collector', zoom));
      expect(widthOf('collector', zoom)).toBeGreaterThan(widthOf('local', zoom));
    }
    expect(widthOf('local', 16)).toBeGreaterThan(widthOf('local', 12));
    // At the street level a street is wider than a pipe (4 px): the pipe runs inside its street.
    expect(widthOf('local', 16)).toBeGreaterThan(4);
  });

  it('take the blocks and the streets apart by their kind', () => {
    const block = { type: 3, properties: { kind: 'block' } } as never;
    const street = { type: 2, properties: { kind: 'street', road: 'local' } } as never;
    const blocks = featureFilter(demoBlocksLayer('dark').filter, 'filter');
    const streets = featureFilter(demoStreetsLayer('dark').filter, 'filter');
    expect([blocks.filter({ zoom: 14 }, block), blocks.filter({ zoom: 14 }, street)]).toEqual([true, false]);
    expect([streets.filter({ zoom: 14 }, block), streets.filter({ zoom: 14 }, street)]).toEqual([
      false,
      true,
    ]);
  });
});
