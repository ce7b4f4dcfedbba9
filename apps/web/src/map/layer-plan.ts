// Which layer sets are on the map, in which order (pure: MapView applies the plan with apply-layers.ts).
import type { LayerGroup } from '@pipewise/domain';
import { CUSTOM_ZONE_LAYERS, DISTRICT_LAYERS, MESH_LAYERS } from './areas.layers.ts';
import { LAYER_PLACEMENTS } from './layer-set.ts';
import type { MapLayerSet } from './layer-set.ts';
import { OVERLAY_LAYERS, OVERLAY_NAMES, isOverlayName } from './overlays.layers.ts';
import { PIPES_LAYERS } from './pipes.layers.ts';
import { POPULATION_LAYERS } from './population.layers.ts';
import { VIS_LAYERS } from './vis.layers.ts';

export const GROUP_LAYERS: Readonly<Record<LayerGroup, MapLayerSet>> = {
  pipes: PIPES_LAYERS,
  vis: VIS_LAYERS,
  mesh: MESH_LAYERS,
  district: DISTRICT_LAYERS,
  custom_zone: CUSTOM_ZONE_LAYERS,
};

/** Every layer set the map knows, so it can take off the ones no longer wanted. */
export const ALL_LAYER_SETS: readonly MapLayerSet[] = [
  POPULATION_LAYERS,
  ...Object.values(GROUP_LAYERS),
  ...OVERLAY_NAMES.map((name) => OVERLAY_LAYERS[name]),
];

export interface LayerPlanInput {
  activeGroup: LayerGroup;
  overlays: readonly string[];
  showPopulation: boolean;
  /** The tile URL templates per MVT layer, one per mirror (LAYER-21); a layer without any is left off. */
  tiles: (layer: string) => readonly string[] | null;
}

export interface PlannedSet {
  set: MapLayerSet;
  urls: readonly string[];
}

/** The sets to show, bottom to top: population (underlayer), the active group (default), overlays (overlayer). */
export function planLayers(input: LayerPlanInput): PlannedSet[] {
  const wanted: MapLayerSet[] = [GROUP_LAYERS[input.activeGroup]];
  if (input.showPopulation) wanted.push(POPULATION_LAYERS);
  // Overlays keep the fixed order of OVERLAY_NAMES, whatever order they were enabled in.
  const overlays = new Set(input.overlays.filter(isOverlayName));
  for (const name of OVERLAY_NAMES) if (overlays.has(name)) wanted.push(OVERLAY_LAYERS[name]);
  const rank = (set: MapLayerSet) => LAYER_PLACEMENTS.indexOf(set.placement);
  return wanted
    .map((set, index) => ({ set, index }))
    .sort((a, b) => rank(a.set) - rank(b.set) || a.index - b.index)
    .flatMap(({ set }) => {
      const urls = input.tiles(set.name);
      return urls && urls.length > 0 ? [{ set, urls }] : [];
    });
}

/** A key that changes exactly when the plan does (names and URLs), for effect dependencies. */
export const planKey = (plan: readonly PlannedSet[]) =>
  plan.map((p) => `${p.set.name}=${p.urls.join(',')}`).join('|');
