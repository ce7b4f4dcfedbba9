// The sub-bar of spec §2: current dataset, with COF the scenario button, and on map pages the layer dropdowns
// (critical infrastructure, asset layers, theme).
import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { DatasetDropdown, ScenarioButton, useCurrentSnapshot } from '../../features/datasets/index.ts';
import { OverlayMenus } from '../../features/map-settings/index.ts';
import { useCurrentUser } from '../../features/session/index.ts';
import { isMapPath } from './map-paths.ts';

export function SubBar() {
  const { t } = useTranslation('shell');
  const { data: user } = useCurrentUser();
  const hasCof = user?.subscriptions.includes('COF') ?? false;
  const { data: snapshot } = useCurrentSnapshot();
  // LAYER-10: the layer dropdowns only on map pages with data and a selected dataset.
  const dataset = isMapPath(useLocation().pathname) ? snapshot?.dataset : undefined;
  return (
    <Box
      data-testid="sub-bar"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        px: 2,
        py: 1,
        minHeight: 52,
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
        flexWrap: 'wrap',
      }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' } }}>
        {t('dataset.label')}
      </Typography>
      <DatasetDropdown />
      <ScenarioButton hasCof={hasCof} />
      {dataset && (
        <Box sx={{ ml: 'auto' }}>
          <OverlayMenus assets={dataset.assets} />
        </Box>
      )}
    </Box>
  );
}
