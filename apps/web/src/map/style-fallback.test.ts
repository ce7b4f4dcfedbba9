import type { Map as MapLibreMap, StyleSpecification } from 'maplibre-gl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { plainStyle } from './basemap.ts';
import { STYLE_LOAD_TIMEOUT_MS, fallBackOnStyleFailure } from './style-fallback.ts';

/** The three map methods the fallback uses, with events fired by hand as MapLibre would. */
function fakeMap() {
  const handlers = new Map<string, Set<(e: unknown) => void>>();
  const setStyle = vi.fn<(style: StyleSpecification, options?: { diff?: boolean }) => void>();
  const map = {
    on: (type: string, fn: (e: unknown) => void) => {
      if (!handlers.has(type)) handlers.set(type, new Set());
      handlers.get(type)!.add(fn);
      return map;
    },
    off: (type: string, fn: (e: unknown) => void) => {
      handlers.get(type)?.delete(fn);
      return map;
    },
    setStyle,
  };
  const fire = (type: string, e: unknown = {}) => handlers.get(type)?.forEach((fn) => fn(e));
  const listeners = () => [...handlers.values()].reduce((n, set) => n + set.size, 0);
  return { map: map as unknown as MapLibreMap, setStyle, fire, listeners };
}

const fallback = plainStyle('light');

describe('fallBackOnStyleFailure', () => {
  let warn: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    vi.useFakeTimers();
    warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    warn.mockRestore();
  });

  it('swaps in the plain background when the style fails to load', () => {
    const { map, setStyle, fire, listeners } = fakeMap();
    const onFallback = vi.fn();
    fallBackOnStyleFailure(map, fallback, onFallback);
    fire('error', { error: Object.assign(new Error('Failed to fetch'), { status: 0 }) });
    expect(setStyle).toHaveBeenCalledExactlyOnceWith(fallback, { diff: false });
    expect(onFallback).toHaveBeenCalledOnce();
    // Once: the fallback's own load, and later errors (tiles of the data layers), are not watched.
    fire('error', { error: new Error('tile') });
    vi.advanceTimersByTime(STYLE_LOAD_TIMEOUT_MS);
    expect(setStyle).toHaveBeenCalledOnce();
    expect(listeners()).toBe(0);
  });

  it('keeps a style that loaded, whatever fails after (a sprite, a tile)', () => {
    const { map, setStyle, fire, listeners } = fakeMap();
    fallBackOnStyleFailure(map, fallback);
    fire('style.load');
    fire('error', { error: new Error('sprite') });
    vi.advanceTimersByTime(STYLE_LOAD_TIMEOUT_MS);
    expect(setStyle).not.toHaveBeenCalled();
    expect(listeners()).toBe(0);
  });

  it('gives up on a style that does not load in time (a host that never answers)', () => {
    const { map, setStyle } = fakeMap();
    fallBackOnStyleFailure(map, fallback);
    vi.advanceTimersByTime(STYLE_LOAD_TIMEOUT_MS - 1);
    expect(setStyle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(setStyle).toHaveBeenCalledExactlyOnceWith(fallback, { diff: false });
  });

  it('stops watching when the map goes (a theme change rebuilds it)', () => {
    const { map, setStyle, fire, listeners } = fakeMap();
    const stop = fallBackOnStyleFailure(map, fallback);
    stop();
    fire('error', { error: new Error('late') });
    vi.advanceTimersByTime(STYLE_LOAD_TIMEOUT_MS);
    expect(setStyle).not.toHaveBeenCalled();
    expect(listeners()).toBe(0);
  });
});
