import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import type { BackgroundLayerSpecification } from 'maplibre-gl';
import { describe, expect, it, vi } from 'vitest';
import { basemapStyle, demoTownStyle, plainStyle, type MapTheme } from './basemap.ts';
import { DEMO_BASEMAP_SOURCE } from './demo-basemap.layers.ts';
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

  it('puts the URL-encoded public token in place of {token} (LAYER-35)', () => {
    const light = 'https://maps.example/light.json?key={token}&v={token}';
    expect(basemapStyle({ light, token: 'pk a/b' }, 'light')).toBe(
      'https://maps.example/light.json?key=pk%20a%2Fb&v=pk%20a%2Fb',
    );
  });

  it('falls back to the plain background, with a warning, when {token} has no token (LAYER-35)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const light = 'https://maps.example/light.json?key={token}';
      expect(basemapStyle({ light, token: null }, 'light')).toEqual(plainStyle('light'));
      expect(basemapStyle({ light }, 'light', true)).toEqual(plainStyle('light', true));
      expect(warn).toHaveBeenCalledTimes(2);
    } finally {
      warn.mockRestore();
    }
  });

  it('gives demo users the demo style, else the normal one, else the demo background (LAYER-17)', () => {
    const config = {
      light: 'https://a/light.json',
      dark: 'https://a/dark.json',
      terrain: null,
      demo: { light: 'https://a/demo-light.json?k={token}', dark: null, terrain: null },
      token: 'T',
    };
    expect(basemapStyle(config, 'light', true)).toBe('https://a/demo-light.json?k=T');
    expect(basemapStyle(config, 'light')).toBe('https://a/light.json');
    expect(basemapStyle(config, 'dark', true)).toBe('https://a/dark.json');
    expect(basemapStyle(config, 'terrain', true)).toEqual(plainStyle('terrain', true));
    expect(basemapStyle(undefined, 'dark', true)).toEqual(plainStyle('dark', true));
  });

  it('draws demo users on their own, valid plain backgrounds (LAYER-17)', () => {
    const themes: MapTheme[] = ['light', 'dark', 'terrain'];
    const background = (theme: MapTheme, demo: boolean) =>
      (plainStyle(theme, demo).layers[0] as BackgroundLayerSpecification).paint?.['background-color'];
    const normal = themes.map((t) => background(t, false));
    const demo = themes.map((t) => background(t, true));
    expect(new Set([...normal, ...demo]).size).toBe(6);
    for (const theme of themes) {
      expect(validateStyleMin(plainStyle(theme, true))).toEqual([]);
      expect(validateStyleMin(plainStyle(theme))).toEqual([]);
    }
  });
});

describe('demoTownStyle', () => {
  const url = 'http://localhost:8080/api/datasets/7/demo-basemap';

  it('draws a generated town on its own blocks and streets over the plain background, in every theme (issue 15)', () => {
    for (const theme of ['light', 'dark', 'terrain'] as const) {
      for (const demo of [false, true]) {
        const style = demoTownStyle(theme, demo, url);
        expect(validateStyleMin(style)).toEqual([]);
        expect(style.sources).toEqual({ [DEMO_BASEMAP_SOURCE]: { type: 'geojson', data: url } });
        expect(style.layers.map((l) => l.id)).toEqual([
          'background',
          `${DEMO_BASEMAP_SOURCE}-fill`,
          `${DEMO_BASEMAP_SOURCE}-line`,
        ]);
        expect(style.layers[0]).toEqual(plainStyle(theme, demo).layers[0]);
      }
    }
  });
});

describe('map view attributes', () => {
  it('formats the centre with 5 decimals and the zoom with 2', () => {
    expect(formatCenter([139.930001234, 37.5])).toBe('139.93000,37.50000');
    expect(formatZoom(11.5)).toBe('11.50');
  });
});
