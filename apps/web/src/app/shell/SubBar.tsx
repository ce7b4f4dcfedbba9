// The sub-bar of spec §2: current dataset and, with COF, the scenario button. The map-only dropdowns
// (critical infrastructure, asset layers, theme) join it with the map.
import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { DatasetDropdown, ScenarioButton } from '../../features/datasets/index.ts';
import { useCurrentUser } from '../../features/session/index.ts';

export function SubBar() {
  const { t } = useTranslation('shell');
  const { data: user } = useCurrentUser();
  const hasCof = user?.subscriptions.includes('COF') ?? false;
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
    </Box>
  );
}
