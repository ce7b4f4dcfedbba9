import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_BASEMAP_STYLES, loadConfig } from '../../config.ts';
import { BasemapProbe } from './basemap-probe.ts';

const basemapOf = (env: Record<string, string> = {}) =>
  loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'pw-probe-')), ...env }).basemap;

const style = () => new Response(JSON.stringify({ version: 8, sources: {}, layers: [] }));
const online = vi.fn<typeof fetch>(async () => style());
const offline: typeof fetch = () => Promise.reject(new TypeError('fetch failed'));

describe('BasemapProbe', () => {
  it('offers the public default styles when the server reaches them', async () => {
    const probe = new BasemapProbe(basemapOf(), { fetch: online });
    expect(await probe.basemap()).toEqual({
      ...DEFAULT_BASEMAP_STYLES,
      demo: { light: null, dark: null, terrain: null },
      token: null,
    });
    expect(DEFAULT_BASEMAP_STYLES.light).toBe('https://tiles.openfreemap.org/styles/positron');
  });

  it('offers none when they are unreachable, so the map draws its plain background', async () => {
    const probe = new BasemapProbe(basemapOf(), { fetch: offline });
    expect(await probe.basemap()).toMatchObject({ light: null, dark: null, terrain: null });
  });

  it('takes an error status, another answer than a style, or a timeout as unreachable', async () => {
    const answers: Record<string, () => Promise<Response>> = {
      [DEFAULT_BASEMAP_STYLES.light!]: async () => new Response('busy', { status: 503 }),
      [DEFAULT_BASEMAP_STYLES.dark!]: async () => new Response('<html>Sign in to the Wi-Fi</html>'),
      [DEFAULT_BASEMAP_STYLES.terrain!]: () => new Promise(() => undefined),
    };
    const fetchStub: typeof fetch = (url, init) =>
      Promise.race([
        answers[String(url)]!(),
        new Promise<never>((_, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)),
        ),
      ]);
    const probe = new BasemapProbe(basemapOf(), { fetch: fetchStub, timeoutMs: 20 });
    expect(await probe.basemap()).toMatchObject({ light: null, dark: null, terrain: null });
  });

  it('keeps a style the environment sets, unprobed, and none for a theme set to none', async () => {
    const fetchSpy = vi.fn<typeof fetch>(async () => style());
    const basemap = basemapOf({
      BASEMAP_STYLE_LIGHT: 'https://maps.example/light.json',
      BASEMAP_STYLE_DARK: 'none',
    });
    expect(basemap.defaults).toEqual({ terrain: DEFAULT_BASEMAP_STYLES.terrain });
    const probe = new BasemapProbe(basemap, { fetch: fetchSpy });
    expect(await probe.basemap()).toMatchObject({
      light: 'https://maps.example/light.json',
      dark: null,
      terrain: DEFAULT_BASEMAP_STYLES.terrain,
    });
    expect(fetchSpy.mock.calls.map(([url]) => url)).toEqual([DEFAULT_BASEMAP_STYLES.terrain]);
    // Offline, the operator's URL still stands: the browsers may reach what the server cannot.
    const offlineProbe = new BasemapProbe(basemap, { fetch: offline });
    expect(await offlineProbe.basemap()).toMatchObject({
      light: 'https://maps.example/light.json',
      terrain: null,
    });
  });

  it('probes nothing when every theme is set', async () => {
    const fetchSpy = vi.fn<typeof fetch>(async () => style());
    const basemap = basemapOf({
      BASEMAP_STYLE_LIGHT: 'none',
      BASEMAP_STYLE_DARK: 'none',
      BASEMAP_STYLE_TERRAIN: 'none',
    });
    expect(await new BasemapProbe(basemap, { fetch: fetchSpy }).basemap()).toMatchObject({
      light: null,
      dark: null,
      terrain: null,
    });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('checks once at start and again, in the background, once the answer is old', async () => {
    let now = 0;
    let reachable = false;
    const fetchSpy = vi.fn<typeof fetch>(async () => {
      if (!reachable) throw new TypeError('fetch failed');
      return style();
    });
    const probe = new BasemapProbe(basemapOf(), { fetch: fetchSpy, recheckMs: 60_000, now: () => now });
    probe.start();
    expect((await probe.basemap()).light).toBeNull();
    const firstCheck = fetchSpy.mock.calls.length;
    expect(firstCheck).toBe(3);

    reachable = true;
    now = 59_999;
    expect((await probe.basemap()).light).toBeNull();
    expect(fetchSpy).toHaveBeenCalledTimes(firstCheck);

    now = 60_000;
    // This answer is the last check's; the one it starts serves the next request.
    expect((await probe.basemap()).light).toBeNull();
    await vi.waitFor(async () => expect((await probe.basemap()).light).toBe(DEFAULT_BASEMAP_STYLES.light));
    expect(fetchSpy).toHaveBeenCalledTimes(2 * firstCheck);
  });
});
