import { describe, expect, it } from 'vitest';
import { basemapStyle, plainStyle } from './basemap.ts';
import { formatCenter, formatZoom } from './view.ts';

describe('basemap', () => {
  it('uses the configured style URL of the theme', () => {
    expect(basemapStyle({ light: 'https://a/light.json', dark: null }, 'light')).toBe('https://a/light.json');
  });

  it('falls back to a plain themed background when none is configured (offline)', () => {
    expect(basemapStyle({ light: 'https://a/light.json', dark: null }, 'dark')).toEqual(plainStyle('dark'));
    expect(basemapStyle(undefined, 'light')).toEqual(plainStyle('light'));
    expect(plainStyle('dark').layers).toEqual([
      { id: 'background', type: 'background', paint: { 'background-color': '#0e1620' } },
    ]);
  });
});

describe('map view attributes', () => {
  it('formats the centre with 5 decimals and the zoom with 2', () => {
    expect(formatCenter([139.930001234, 37.5])).toBe('139.93000,37.50000');
    expect(formatZoom(11.5)).toBe('11.50');
  });
});
