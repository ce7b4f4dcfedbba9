// What the map screen remembers that is neither server data nor the URL (STYLE.md "state has one home each"):
// the active layer group, the selection and search matches, the LOF horizon and population year, the overlays,
// which panes are open, and the theme (kept locally, spec 000 §2/§9: light by default). The view itself lives
// in the URL (/map/{alias}). Reset on a dataset switch (spec 000 §4: the layer group returns to pipes).
// The asset overlays are kept locally too, per user (issue 38: they were lost on every reload): each signed-in
// user finds their own again after a reload, a dataset switch or the next login, and never another user's.
import type { LayerGroup, LofMonths } from '@pipewise/domain';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { tokenSubject, useSession } from '../session/index.ts';

export type MapTheme = 'light' | 'dark' | 'terrain';
export const MAP_THEMES: readonly MapTheme[] = ['light', 'dark', 'terrain'];

export interface MapSelection {
  layerGroup: LayerGroup;
  /** What the details pane reads: a pipe id, a segment id, or an area's native id. */
  id: number | string;
  /** The tile feature id to highlight; null when not known (an area found by search). */
  featureId: number | null;
}

/** The asset overlays of the sub-bar (spec 000 §2), named as their tile layers. */
export const ASSET_LAYERS = [
  'reservoirs',
  'purification_plants',
  'hydrants',
  'breaks',
  'valves',
  'drains',
  'supply_areas',
] as const;
export type AssetLayer = (typeof ASSET_LAYERS)[number];

const isAssetLayer = (name: unknown): name is AssetLayer => ASSET_LAYERS.includes(name as AssetLayer);

/** Critical-infrastructure categories: the facility types the COF model weighs (engine cof/defaults.ts). */
export const FACILITY_TYPES = [
  'hospital',
  'dialysis_centre',
  'nursing_home',
  'fire_station',
  'school',
  'university',
  'police',
  'government',
] as const;
export type FacilityType = (typeof FACILITY_TYPES)[number];

export interface MapSettingsState {
  layerGroup: LayerGroup;
  selection: MapSelection | null;
  /** Several search matches: the details pane shows them as tabs 'Assets 1..n' (spec 000 §2). */
  matches: MapSelection[];
  lofMonths: LofMonths;
  /** null = the country's default year. */
  popYear: number | null;
  assetLayers: AssetLayer[];
  /** Each user's overlays (by the user's id), kept locally: what `assetLayers` is set back to for that user. */
  overlaysByUser: Record<string, AssetLayer[]>;
  facilityTypes: FacilityType[];
  showPopulation: boolean;
  filtersOpen: boolean;
  viewMenuOpen: boolean;
  legendOpen: boolean;
  theme: MapTheme;
  /** Registered by the map screen: the active layer's ids split by the filter (for 'Export assets'). */
  assetIds: (() => { visible: readonly number[]; hidden: readonly number[] } | null) | null;
  setAssetIds: (provider: MapSettingsState['assetIds']) => void;
  setLayerGroup: (group: LayerGroup) => void;
  select: (selection: MapSelection | null, matches?: MapSelection[]) => void;
  setLofMonths: (months: LofMonths) => void;
  setPopYear: (year: number) => void;
  setAssetLayers: (layers: AssetLayer[]) => void;
  setFacilityTypes: (types: FacilityType[]) => void;
  setShowPopulation: (show: boolean) => void;
  setFiltersOpen: (open: boolean) => void;
  setViewMenuOpen: (open: boolean) => void;
  setLegendOpen: (open: boolean) => void;
  setTheme: (theme: MapTheme) => void;
  reset: () => void;
}

const initial = {
  layerGroup: 'pipes' as LayerGroup,
  selection: null,
  matches: [] as MapSelection[],
  lofMonths: 12 as LofMonths,
  popYear: null,
  facilityTypes: [] as FacilityType[],
  showPopulation: false,
  filtersOpen: false,
};

/** The signed-in user's id (the access token's subject); null when nobody is signed in. */
const currentUser = (): string | null => tokenSubject(useSession.getState().accessToken);

/** The overlays a user chose last (known layers, each once); none for nobody. */
function overlaysOf(byUser: Record<string, AssetLayer[]>, user: string | null): AssetLayer[] {
  const kept: unknown = user != null && Object.hasOwn(byUser, user) ? byUser[user] : undefined;
  return Array.isArray(kept) ? [...new Set(kept.filter(isAssetLayer))] : [];
}

/** What was stored, read defensively: another version of the app, or a hand edit, may have written it. */
function readOverlaysByUser(value: unknown): Record<string, AssetLayer[]> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([user, layers]) => [
      user,
      Array.isArray(layers) ? layers.filter(isAssetLayer) : [],
    ]),
  );
}

export const useMapSettings = create<MapSettingsState>()(
  persist(
    (set) => ({
      ...initial,
      assetLayers: [],
      overlaysByUser: {},
      viewMenuOpen: true,
      legendOpen: true,
      theme: 'light',
      assetIds: null,
      setAssetIds: (assetIds) => set({ assetIds }),
      // Spec 000 §4: activating a layer group clears the selection (boundaries and filters are reset by the
      // screen, which owns those stores).
      setLayerGroup: (layerGroup) => set({ layerGroup, selection: null, matches: [] }),
      select: (selection, matches = []) => set({ selection, matches }),
      setLofMonths: (lofMonths) => set({ lofMonths }),
      setPopYear: (popYear) => set({ popYear }),
      setAssetLayers: (assetLayers) =>
        set((s) => {
          const user = currentUser();
          return {
            assetLayers,
            overlaysByUser: user == null ? s.overlaysByUser : { ...s.overlaysByUser, [user]: assetLayers },
          };
        }),
      setFacilityTypes: (facilityTypes) => set({ facilityTypes }),
      setShowPopulation: (showPopulation) => set({ showPopulation }),
      setFiltersOpen: (filtersOpen) => set({ filtersOpen }),
      setViewMenuOpen: (viewMenuOpen) => set({ viewMenuOpen }),
      setLegendOpen: (legendOpen) => set({ legendOpen }),
      setTheme: (theme) => set({ theme }),
      // The signed-in user's overlays stay; after a logout nobody is signed in, so none are shown.
      reset: () => set((s) => ({ ...initial, assetLayers: overlaysOf(s.overlaysByUser, currentUser()) })),
    }),
    {
      name: 'pipewise_map',
      storage: createJSONStorage(() => localStorage),
      // The theme (spec: remembered locally), pane preferences and each user's overlays survive a reload.
      partialize: (s) => ({
        theme: s.theme,
        viewMenuOpen: s.viewMenuOpen,
        legendOpen: s.legendOpen,
        overlaysByUser: s.overlaysByUser,
      }),
      merge: (persisted, current) => {
        const stored = (persisted ?? {}) as Partial<MapSettingsState>;
        const overlaysByUser = readOverlaysByUser(stored.overlaysByUser);
        return {
          ...current,
          ...stored,
          overlaysByUser,
          assetLayers: overlaysOf(overlaysByUser, currentUser()),
        };
      },
    },
  ),
);

// Another user signs in (or the session is taken over from another tab): show that user's overlays.
useSession.subscribe((session, previous) => {
  const user = tokenSubject(session.accessToken);
  if (user === tokenSubject(previous.accessToken)) return;
  useMapSettings.setState((s) => ({ assetLayers: overlaysOf(s.overlaysByUser, user) }));
});
