// The map-view choice of spec 000 §2 (LAYER-02): pipes, VIS, mesh, district, custom zone — only those the dataset
// and the user's subscriptions allow (domain availableLayerGroups decides; the screen passes the result).
import { MenuItem, Paper, TextField } from '@mui/material';
import type { LayerGroup } from '@pipewise/domain';
import { useTranslation } from 'react-i18next';

export interface LayerGroupSelectProps {
  groups: readonly LayerGroup[];
  value: LayerGroup;
  onChange: (group: LayerGroup) => void;
}

export function LayerGroupSelect({ groups, value, onChange }: LayerGroupSelectProps) {
  const { t } = useTranslation('mapui');
  return (
    <Paper elevation={2} sx={{ minWidth: 150 }}>
      <TextField
        select
        size="small"
        fullWidth
        label={t('layerGroups.label')}
        value={value}
        onChange={(e) => onChange(e.target.value as LayerGroup)}
        slotProps={{
          htmlInput: { 'data-testid': 'layer-group-select' },
          // The floating label stands half over the map: on the paper colour it stays legible over the pipes.
          inputLabel: { sx: { bgcolor: 'background.paper', px: 0.5, borderRadius: 1 } },
        }}
      >
        {groups.map((group) => (
          <MenuItem key={group} value={group} data-testid={`layer-group-${group}`}>
            {t(`layerGroups.${group}`)}
          </MenuItem>
        ))}
      </TextField>
    </Paper>
  );
}
