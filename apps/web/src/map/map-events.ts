// The map's pointer events: a click selects a feature of the active layer group (or clears the selection on the
// background), and hovering breaks and valves shows a popup (LAYER-18). Bound once per map; the handlers read the
// latest props through `get`, so changing props never rebinds them.
import { Popup } from 'maplibre-gl';
import type { MapGeoJSONFeature, MapLayerMouseEvent, MapMouseEvent, Map as MapLibreMap } from 'maplibre-gl';
import type { LayerGroup } from '@pipewise/domain';
import { GROUP_LAYERS } from './layer-plan.ts';
import { layerId } from './layer-set.ts';
import { POPUP_OVERLAYS } from './overlays.layers.ts';

export type FeatureProperties = Record<string, unknown>;

export interface MapEventProps {
  activeGroup: LayerGroup;
  /** False while a boundary is drawn or edited: the clicks are the drawing's. */
  featureClicks: boolean;
  onFeatureClick?: (group: LayerGroup, id: number, properties: FeatureProperties) => void;
  onBackgroundClick?: () => void;
  popupContent?: (layer: string, properties: FeatureProperties) => string | HTMLElement;
}

/** Pixels around the pointer a click reaches: a 4 px pipe is hard to hit exactly. */
export const CLICK_TOLERANCE_PX = 4;

export const activeLayerIds = (map: MapLibreMap, group: LayerGroup) =>
  GROUP_LAYERS[group].layers.map((l) => l.id).filter((id) => map.getLayer(id));

const featureId = (f: MapGeoJSONFeature) => (typeof f.id === 'number' ? f.id : null);

export function bindMapEvents(map: MapLibreMap, get: () => MapEventProps): () => void {
  const onClick = (e: MapMouseEvent) => {
    const props = get();
    if (!props.featureClicks) return;
    const layers = activeLayerIds(map, props.activeGroup);
    const { x, y } = e.point;
    const t = CLICK_TOLERANCE_PX;
    const hits = layers.length
      ? map.queryRenderedFeatures(
          [
            [x - t, y - t],
            [x + t, y + t],
          ],
          { layers },
        )
      : [];
    const hit = hits.find((f) => featureId(f) !== null);
    if (hit) props.onFeatureClick?.(props.activeGroup, featureId(hit) as number, { ...hit.properties });
    else props.onBackgroundClick?.();
  };
  map.on('click', onClick);

  const popup = new Popup({ closeButton: false, closeOnClick: false, className: 'pw-hover-popup' });
  const unbind: (() => void)[] = [];
  for (const name of POPUP_OVERLAYS) {
    const id = layerId(name, 'circle');
    const onMove = (e: MapLayerMouseEvent) => {
      const feature = e.features?.[0];
      const content = feature && get().popupContent?.(name, { ...feature.properties });
      if (content === undefined || content === '') return;
      map.getCanvas().style.cursor = 'pointer';
      popup.setLngLat(e.lngLat);
      if (typeof content === 'string') popup.setText(content);
      else popup.setDOMContent(content);
      popup.addTo(map);
    };
    const onLeave = () => {
      map.getCanvas().style.cursor = '';
      popup.remove();
    };
    map.on('mousemove', id, onMove);
    map.on('mouseleave', id, onLeave);
    unbind.push(() => {
      map.off('mousemove', id, onMove);
      map.off('mouseleave', id, onLeave);
    });
  }

  return () => {
    map.off('click', onClick);
    for (const u of unbind) u();
    popup.remove();
  };
}
