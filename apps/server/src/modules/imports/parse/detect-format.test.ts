import { describe, expect, it } from 'vitest';
import { detectFormat } from './detect-format.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('detectFormat', () => {
  it('trusts magic bytes over the name, then the extension, then the text', () => {
    expect(detectFormat('mains.dat', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0]))).toBe('shapefile-zip');
    expect(detectFormat('mains.bin', bytes('SQLite format 3\u0000...'))).toBe('geopackage');
    expect(detectFormat('MAINS.GeoJSON', bytes(''))).toBe('geojson');
    expect(detectFormat('net.INP', bytes(''))).toBe('inp');
    expect(detectFormat('upload', bytes('\uFEFF  {"type":"FeatureCollection"'))).toBe('geojson');
    expect(detectFormat('upload', bytes('[TITLE]\nKY4\n'))).toBe('inp');
    expect(detectFormat('upload', bytes('id;diameter\n1;150\n'))).toBe('csv');
    expect(detectFormat('photo.constructor', bytes('\u0089PNG'))).toBeNull();
  });
});
