// The three map dropdowns of the sub-bar (spec 000 §2, LAYER-10…16): critical infrastructure (multi-select by
// facility type, with a reset item and a count chip), asset layers (each disabled when the dataset lacks that
// type, with a reset item), and the map theme (light, dark, terrain; kept locally).
import {
  Box,
  Checkbox,
  Chip,
  Divider,
  ListItemText,
  MenuItem,
  Select,
  type SelectChangeEvent,
} from '@mui/material';
import type { DatasetAssets } from '@pipewise/domain';
import { useTranslation } from 'react-i18next';
import type { Camelize } from '../../../lib/case.ts';
import {
  ASSET_LAYERS,
  FACILITY_TYPES,
  MAP_THEMES,
  useMapSettings,
  type AssetLayer,
  type FacilityType,
  type MapTheme,
} from '../state.ts';

const RESET = '__reset__';

/** The dataset flag that says whether an asset layer has anything to show. */
const ASSET_FLAG: Readonly<Record<AssetLayer, keyof Camelize<DatasetAssets>>> = {
  reservoirs: 'reservoirs',
  purification_plants: 'purificationPlants',
  hydrants: 'hydrants',
  breaks: 'breaks',
  valves: 'valves',
  drains: 'drains',
  supply_areas: 'supplyAreas',
};

function multiValue<T extends string>(event: SelectChangeEvent<T[]>): T[] | null {
  const value = event.target.value;
  const list = (typeof value === 'string' ? value.split(',') : value) as string[];
  return list.includes(RESET) ? null : (list as T[]);
}

export function OverlayMenus({ assets }: { assets: Camelize<DatasetAssets> }) {
  const { t } = useTranslation('mapui');
  const { facilityTypes, assetLayers, theme, setFacilityTypes, setAssetLayers, setTheme } = useMapSettings();
  const selectSx = { minWidth: 170, bgcolor: 'background.paper' } as const;
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} data-testid="overlay-menus">
      <Select<FacilityType[]>
        multiple
        size="small"
        displayEmpty
        value={facilityTypes}
        disabled={!assets.infrastructure}
        onChange={(e) => setFacilityTypes(multiValue(e) ?? [])}
        renderValue={(selected) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            {t('overlays.infrastructure')}
            {selected.length > 0 && (
              <Chip size="small" color="primary" label={selected.length} data-testid="infrastructure-count" />
            )}
          </Box>
        )}
        sx={selectSx}
        inputProps={{ 'aria-label': t('overlays.infrastructure'), 'data-testid': 'infrastructure-select' }}
        data-testid="infrastructure-menu"
      >
        <MenuItem value={RESET} data-testid="infrastructure-reset">
          <ListItemText primary={t('overlays.reset')} />
        </MenuItem>
        <Divider />
        {FACILITY_TYPES.map((type) => (
          <MenuItem key={type} value={type} data-testid={`infrastructure-${type}`}>
            <Checkbox size="small" checked={facilityTypes.includes(type)} />
            <ListItemText primary={t(`facilities.${type}`)} />
          </MenuItem>
        ))}
      </Select>
      <Select<AssetLayer[]>
        multiple
        size="small"
        displayEmpty
        value={assetLayers}
        onChange={(e) => setAssetLayers(multiValue(e) ?? [])}
        renderValue={(selected) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            {t('overlays.assets')}
            {selected.length > 0 && <Chip size="small" color="primary" label={selected.length} />}
          </Box>
        )}
        sx={selectSx}
        inputProps={{ 'aria-label': t('overlays.assets') }}
        data-testid="asset-layers-menu"
      >
        <MenuItem value={RESET} data-testid="asset-layers-reset">
          <ListItemText primary={t('overlays.reset')} />
        </MenuItem>
        <Divider />
        {ASSET_LAYERS.map((layer) => (
          <MenuItem
            key={layer}
            value={layer}
            disabled={!assets[ASSET_FLAG[layer]]}
            data-testid={`asset-layer-${layer}`}
          >
            <Checkbox size="small" checked={assetLayers.includes(layer)} />
            <ListItemText primary={t(`assetLayers.${layer}`)} />
          </MenuItem>
        ))}
      </Select>
      <Select<MapTheme>
        size="small"
        value={theme}
        onChange={(e) => setTheme(e.target.value as MapTheme)}
        sx={{ minWidth: 120, bgcolor: 'background.paper' }}
        inputProps={{ 'aria-label': t('themes.label') }}
        data-testid="theme-menu"
      >
        {MAP_THEMES.map((name) => (
          <MenuItem key={name} value={name} data-testid={`theme-${name}`}>
            {t(`themes.${name}`)}
          </MenuItem>
        ))}
      </Select>
    </Box>
  );
}
