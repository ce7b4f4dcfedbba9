// The check every request passes before its route's schema (issue 18): NUL anywhere, nesting without end.
import { describe, expect, it } from 'vitest';
import { MAX_INPUT_DEPTH, refusalOf } from './validator-compiler.ts';

describe('refusalOf', () => {
  it('passes ordinary input', () => {
    expect(refusalOf({ name: 'Mains', ids: [1, 2], area: { coordinates: [[[1, 2]]] } })).toBeNull();
    expect(refusalOf('text')).toBeNull();
    expect(refusalOf(undefined)).toBeNull();
  });

  it('finds a NUL in a nested value or key, with its path', () => {
    expect(refusalOf({ details: { city: 'Lou\u0000isville' } })).toEqual({
      path: ['details', 'city'],
      rule: 'regex',
    });
    expect(refusalOf({ list: ['a', 'b\u0000'] })).toEqual({ path: ['list', 1], rule: 'regex' });
    expect(refusalOf({ mapping: { 'ID\u0000': 'x' } })).toEqual({
      path: ['mapping', 'ID\\0'],
      rule: 'regex',
    });
  });

  it('refuses nesting past the limit without overflowing its own stack', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(refusalOf(deep)).toEqual({ path: new Array(MAX_INPUT_DEPTH).fill(0), rule: 'max' });
    let ok: unknown = 1;
    for (let i = 0; i < MAX_INPUT_DEPTH; i++) ok = { a: ok };
    expect(refusalOf(ok)).toBeNull();
  });
});
