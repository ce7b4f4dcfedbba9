// The map's theme follows the app's colour mode until the sub-bar theme selector (light, dark, terrain) arrives
// with issue 5.
import { useColorScheme } from '@mui/material/styles';
import type { MapTheme } from '../../map/basemap.ts';

export function useMapTheme(): MapTheme {
  const { mode, systemMode } = useColorScheme();
  return (mode === 'system' ? systemMode : mode) === 'dark' ? 'dark' : 'light';
}
