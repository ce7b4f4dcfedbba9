import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt } from '../../test/jwt.ts';
import { useSession } from '../session/index.ts';
import { useMapSettings } from './state.ts';

afterEach(() => {
  useSession.getState().clear();
  useMapSettings.getState().reset();
});

/** Signs a user in as the login does: the access token's subject is the user's id. */
const signIn = (session: typeof useSession, userId: number) =>
  session
    .getState()
    .setTokens({ access: fakeJwt({ sub: String(userId), exp: 4_000_000_000 }), refresh: 'r' });

/** A reload: the app's modules load again and read what the page left in localStorage. */
async function reload() {
  vi.resetModules();
  const session = (await import('../session/index.ts')).useSession;
  const settings = (await import('./state.ts')).useMapSettings;
  return { session, settings };
}

describe('map settings', () => {
  it('a layer group change clears the selection and the search matches (LAYER-04)', () => {
    const s = useMapSettings.getState();
    s.select({ layerGroup: 'pipes', id: 4, featureId: 4 }, [
      { layerGroup: 'pipes', id: 4, featureId: 4 },
      { layerGroup: 'pipes', id: 5, featureId: null },
    ]);
    s.setLayerGroup('district');
    expect(useMapSettings.getState()).toMatchObject({ layerGroup: 'district', selection: null, matches: [] });
  });

  it('resets to pipes without a selection or overlays, keeping the theme (DATA-SW-02, LAYER-15)', () => {
    const s = useMapSettings.getState();
    s.setLayerGroup('mesh');
    s.setAssetLayers(['valves']);
    s.setTheme('dark');
    s.reset();
    expect(useMapSettings.getState()).toMatchObject({
      layerGroup: 'pipes',
      selection: null,
      assetLayers: [],
      theme: 'dark',
    });
    useMapSettings.getState().setTheme('light');
  });

  it('keeps each user’s overlays over a reload, a dataset switch and the next login (issue 38)', async () => {
    signIn(useSession, 1);
    useMapSettings.getState().setAssetLayers(['breaks', 'hydrants']);
    useMapSettings.getState().setTheme('dark');

    let page = await reload();
    expect(page.session.getState().accessToken).not.toBeNull();
    expect(page.settings.getState()).toMatchObject({ assetLayers: ['breaks', 'hydrants'], theme: 'dark' });
    // A dataset switch keeps them: they are the user's choice, not the dataset's.
    page.settings.getState().setLayerGroup('mesh');
    page.settings.getState().reset();
    expect(page.settings.getState()).toMatchObject({
      layerGroup: 'pipes',
      assetLayers: ['breaks', 'hydrants'],
    });

    // Logged out, the next user of the browser starts with their own overlays, none yet.
    page.session.getState().clear();
    page.settings.getState().reset();
    expect(page.settings.getState().assetLayers).toEqual([]);
    signIn(page.session, 2);
    expect(page.settings.getState().assetLayers).toEqual([]);
    page.settings.getState().setAssetLayers(['valves']);

    page = await reload();
    expect(page.settings.getState().assetLayers).toEqual(['valves']);
    page.session.getState().clear();
    expect(page.settings.getState().assetLayers).toEqual([]);
    signIn(page.session, 1);
    expect(page.settings.getState().assetLayers).toEqual(['breaks', 'hydrants']);
    // Turning every overlay off is kept too.
    page.settings.getState().setAssetLayers([]);
    page = await reload();
    expect(page.settings.getState().assetLayers).toEqual([]);
    page.settings.getState().setTheme('light');
  });

  it('reads only known overlays from what was stored', async () => {
    signIn(useSession, 1);
    // Written after the sign-in: a store's change writes its own state over it.
    localStorage.setItem(
      'pipewise_map',
      JSON.stringify({
        state: { overlaysByUser: { '1': ['breaks', 'nope', 'breaks'], '2': 'x' } },
        version: 0,
      }),
    );
    let page = await reload();
    expect(page.settings.getState().assetLayers).toEqual(['breaks']);
    signIn(page.session, 2);
    expect(page.settings.getState().assetLayers).toEqual([]);
    localStorage.setItem(
      'pipewise_map',
      JSON.stringify({ state: { overlaysByUser: ['breaks'] }, version: 0 }),
    );
    page = await reload();
    expect(page.settings.getState().assetLayers).toEqual([]);
  });
});
