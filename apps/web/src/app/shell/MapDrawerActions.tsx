// The drawer's map-page actions (spec 000 §2): the filters panel toggle (no geometry → warning toast, the panel
// stays closed, TOAST-19) and 'Export assets'. Composed here because they join two features.
import FilterAltOutlined from '@mui/icons-material/FilterAltOutlined';
import { ListItemButton, ListItemIcon, ListItemText, Tooltip } from '@mui/material';
import { TOAST_MS } from '@pipewise/domain';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/toast/index.ts';
import { useCurrentSnapshot } from '../../features/datasets/index.ts';
import { ExportAssetsButton } from '../../features/map-export/index.ts';
import { useMapSettings } from '../../features/map-settings/index.ts';
import { useCurrentUser } from '../../features/session/index.ts';

export function MapDrawerActions({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation('mapui');
  const { data: snapshot } = useCurrentSnapshot();
  const demo = useCurrentUser().data?.isDemo ?? false;
  const dataset = snapshot?.dataset ?? null;
  const { filtersOpen, setFiltersOpen, layerGroup, assetIds } = useMapSettings();
  const toggleFilters = () => {
    if (!filtersOpen && (!dataset || dataset.pipeCount === 0 || dataset.totalLengthM === 0)) {
      toast.show({ text: t('filters.noGeometry'), color: 'warning', timer: TOAST_MS.panel });
      setFiltersOpen(false);
      return;
    }
    setFiltersOpen(!filtersOpen);
  };
  const label = t('filters.toggle');
  return (
    <>
      <Tooltip title={collapsed ? label : ''} placement="right">
        <ListItemButton
          selected={filtersOpen}
          onClick={toggleFilters}
          data-testid="filters-toggle"
          aria-pressed={filtersOpen}
        >
          <ListItemIcon sx={{ minWidth: collapsed ? 0 : 40 }}>
            <FilterAltOutlined />
          </ListItemIcon>
          {!collapsed && <ListItemText primary={label} />}
        </ListItemButton>
      </Tooltip>
      <ExportAssetsButton
        datasetId={dataset?.id ?? null}
        layerGroup={layerGroup}
        collapsed={collapsed}
        getIds={assetIds}
        demo={demo}
      />
    </>
  );
}
