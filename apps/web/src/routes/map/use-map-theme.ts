// The map theme chosen in the sub-bar (light, dark, terrain; kept locally, light by default — spec 000 §2/§9).
import { useMapSettings } from '../../features/map-settings/index.ts';
import type { MapTheme } from '../../map/basemap.ts';

export function useMapTheme(): MapTheme {
  return useMapSettings((s) => s.theme);
}
