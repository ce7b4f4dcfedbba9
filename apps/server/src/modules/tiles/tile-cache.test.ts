import { describe, expect, it } from 'vitest';
import { TileCache } from './tile-cache.ts';

describe('TileCache', () => {
  it('keeps the most recently used tiles within its byte budget', () => {
    const c = new TileCache(3 * (100 + 96));
    for (const k of ['a', 'b', 'c']) c.set(k, new Uint8Array(100));
    expect(c.get('a')).toBeDefined(); // a is now the most recent
    c.set('d', new Uint8Array(100));
    expect(c.get('b')).toBeUndefined();
    expect(c.get('a')?.length).toBe(100);
    expect(c.get('d')?.length).toBe(100);
    expect(c.size).toBe(3);
  });

  it('remembers empty tiles and ignores one larger than the budget', () => {
    const c = new TileCache(1000);
    c.set('empty', null);
    expect(c.get('empty')).toBeNull();
    c.set('huge', new Uint8Array(2000));
    expect(c.get('huge')).toBeUndefined();
  });
});
