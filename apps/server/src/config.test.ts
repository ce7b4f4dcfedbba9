import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_BASEMAP_STYLES, loadConfig } from './config.ts';

const tmp = () => mkdtempSync(path.join(tmpdir(), 'pw-config-'));

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const dir = tmp();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: dir,
      databaseUrl: undefined,
      publicUrl: 'http://localhost:8080',
      demoPassword: 'Pipewise-demo-1',
      seedDemo: true,
      demoCityPipes: 20_000,
      basemap: {
        light: null,
        dark: null,
        terrain: null,
        demo: { light: null, dark: null, terrain: null },
        token: null,
        // Issue 15: a public keyless basemap per theme, offered while the server reaches it (basemap-probe.ts).
        defaults: DEFAULT_BASEMAP_STYLES,
      },
      tileMirrors: [],
      role: 'all',
      geocoderUrl: null,
      reverseGeocoderUrl: null,
    });
  });

  it('takes a reverse geocoder URL template only with {lng} and {lat} (DET-PIPE-10)', () => {
    const url = 'https://geo.example/reverse/{lng},{lat}.json?language={language}';
    expect(loadConfig({ DATA_DIR: tmp(), REVERSE_GEOCODER_URL: url }).reverseGeocoderUrl).toBe(url);
    expect(() =>
      loadConfig({ DATA_DIR: tmp(), REVERSE_GEOCODER_URL: 'https://geo.example/reverse/{lng}.json' }),
    ).toThrow(/REVERSE_GEOCODER_URL: must contain \{lng\} and \{lat\}/);
    expect(() => loadConfig({ DATA_DIR: tmp(), REVERSE_GEOCODER_URL: 'ftp://geo/{lng},{lat}' })).toThrow(
      /REVERSE_GEOCODER_URL: must be an http\(s\) URL/,
    );
  });

  it('takes a geocoder URL template only with {query} and an http(s) scheme', () => {
    const url = 'https://geo.example/search/{query}.json?limit=5';
    expect(loadConfig({ DATA_DIR: tmp(), GEOCODER_URL: url }).geocoderUrl).toBe(url);
    expect(() => loadConfig({ DATA_DIR: tmp(), GEOCODER_URL: 'https://geo.example/search' })).toThrow(
      /GEOCODER_URL: must contain \{query\}/,
    );
    expect(() => loadConfig({ DATA_DIR: tmp(), GEOCODER_URL: 'ftp://geo.example/{query}' })).toThrow(
      /GEOCODER_URL/,
    );
  });

  it('reads the demo basemap styles and the public basemap token (LAYER-17, LAYER-35)', () => {
    const config = loadConfig({
      DATA_DIR: tmp(),
      BASEMAP_STYLE_LIGHT: 'https://maps.example/light.json?key={token}',
      BASEMAP_DEMO_STYLE_DARK: 'https://maps.example/demo-dark.json',
      BASEMAP_TOKEN: ' pk.public ',
    });
    expect(config.basemap).toEqual({
      light: 'https://maps.example/light.json?key={token}',
      dark: null,
      terrain: null,
      demo: { light: null, dark: 'https://maps.example/demo-dark.json', terrain: null },
      token: 'pk.public',
      defaults: { dark: DEFAULT_BASEMAP_STYLES.dark, terrain: DEFAULT_BASEMAP_STYLES.terrain },
    });
    expect(() => loadConfig({ DATA_DIR: tmp(), BASEMAP_DEMO_STYLE_TERRAIN: 'not a url' })).toThrow(
      /BASEMAP_DEMO_STYLE_TERRAIN/,
    );
  });

  it('turns a theme’s public default basemap off with none (issue 15)', () => {
    const config = loadConfig({
      DATA_DIR: tmp(),
      BASEMAP_STYLE_LIGHT: 'none',
      BASEMAP_STYLE_TERRAIN: 'none',
    });
    expect(config.basemap).toMatchObject({
      light: null,
      terrain: null,
      defaults: { dark: DEFAULT_BASEMAP_STYLES.dark },
    });
    expect(config.basemap.defaults).not.toHaveProperty('light');
    expect(() => loadConfig({ DATA_DIR: tmp(), BASEMAP_STYLE_DARK: 'off' })).toThrow(/BASEMAP_STYLE_DARK/);
  });

  it('takes up to three tile mirrors as http(s) origins (LAYER-21)', () => {
    const load = (TILE_MIRRORS: string) => loadConfig({ DATA_DIR: tmp(), TILE_MIRRORS }).tileMirrors;
    expect(load('https://t1.example.com')).toEqual(['https://t1.example.com']);
    expect(load(' https://t1.example.com/ , http://t2.example.com:8080,https://t3.example.com ')).toEqual([
      'https://t1.example.com',
      'http://t2.example.com:8080',
      'https://t3.example.com',
    ]);
    expect(() => load('https://a.test,https://b.test,https://c.test,https://d.test')).toThrow(
      /TILE_MIRRORS: at most 3 mirrors/,
    );
    expect(() => load('https://t1.example.com/tiles')).toThrow(/TILE_MIRRORS/);
    expect(() => load('ftp://t1.example.com')).toThrow(/TILE_MIRRORS/);
    expect(() => load('t1.example.com')).toThrow(/TILE_MIRRORS/);
  });

  it('generates the JWT secret once, stores it with mode 0600 and reuses it', () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.jwtSecretGenerated).toBe(true);
    const file = path.join(dir, 'jwt-secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.jwtSecret);
    const second = loadConfig({ DATA_DIR: dir });
    expect(second).toMatchObject({ jwtSecret: first.jwtSecret, jwtSecretGenerated: false });
  });

  it('reads explicit values', () => {
    const config = loadConfig({
      DATA_DIR: tmp(),
      PORT: '9000',
      DATABASE_URL: 'postgres://u@h:5432/db',
      SEED_DEMO: 'false',
      PUBLIC_URL: 'https://pipes.example.com/',
      BASEMAP_STYLE_DARK: 'https://tiles.example/dark.json',
      ROLE: 'worker',
    });
    expect(config).toMatchObject({
      port: 9000,
      databaseUrl: 'postgres://u@h:5432/db',
      seedDemo: false,
      publicUrl: 'https://pipes.example.com',
      basemap: { dark: 'https://tiles.example/dark.json' },
      role: 'worker',
    });
  });

  it('takes a demo town size of 0 (none) or at least the generator minimum', () => {
    expect(loadConfig({ DATA_DIR: tmp(), DEMO_CITY_PIPES: '0' }).demoCityPipes).toBe(0);
    expect(loadConfig({ DATA_DIR: tmp(), DEMO_CITY_PIPES: '600' }).demoCityPipes).toBe(600);
    expect(() => loadConfig({ DATA_DIR: tmp(), DEMO_CITY_PIPES: '50' })).toThrow(/DEMO_CITY_PIPES/);
    expect(() => loadConfig({ DATA_DIR: tmp(), DEMO_CITY_PIPES: '-1' })).toThrow(/DEMO_CITY_PIPES/);
  });

  it('names every invalid variable', () => {
    expect(() =>
      loadConfig({ DATA_DIR: tmp(), PORT: 'x', DATABASE_URL: 'mysql://a', JWT_SECRET: 'short' }),
    ).toThrow(ConfigError);
    try {
      loadConfig({ DATA_DIR: tmp(), PORT: 'x', DATABASE_URL: 'mysql://a' });
    } catch (err) {
      expect((err as Error).message).toMatch(/PORT/);
      expect((err as Error).message).toMatch(/DATABASE_URL/);
    }
  });
});
