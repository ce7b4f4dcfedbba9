import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FeatureSplitter } from './json-feature-splitter.ts';

function split(text: string, chunkSizes: readonly number[]): unknown[] {
  const splitter = new FeatureSplitter();
  const out: unknown[] = [];
  let at = 0;
  for (let i = 0; at < text.length; i++) {
    const size = chunkSizes.length > 0 ? chunkSizes[i % chunkSizes.length]! : text.length;
    for (const piece of splitter.push(text.slice(at, at + size))) out.push(JSON.parse(piece.text));
    at += size;
  }
  splitter.finish();
  return out;
}

const feature = fc.record({
  type: fc.constant('Feature'),
  properties: fc.dictionary(
    fc.string(),
    fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.array(fc.string(), { maxLength: 3 })),
  ),
  geometry: fc.record({
    type: fc.constant('Point'),
    coordinates: fc.tuple(
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
    ),
  }),
});

describe('FeatureSplitter', () => {
  it('yields the same features as JSON.parse, however the text is cut into chunks', () => {
    fc.assert(
      fc.property(
        fc.array(feature, { maxLength: 8 }),
        fc.array(fc.integer({ min: 1, max: 40 }), { maxLength: 5 }),
        (features, sizes) => {
          const text = JSON.stringify({
            type: 'FeatureCollection',
            bbox: [0, 0, 1, 1],
            crs: { type: 'name', properties: { name: 'x' } },
            features,
          });
          expect(split(text, sizes)).toEqual(JSON.parse(text).features);
        },
      ),
    );
  });

  it('keeps the text before the first feature for the crs member', () => {
    const splitter = new FeatureSplitter();
    splitter.push('{"crs":{"type":"name","properties":{"name":"EPSG:3547"}},"features":[{"a":1}');
    expect(splitter.head).toContain('EPSG:3547');
  });
});
