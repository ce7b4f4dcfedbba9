// The COF scenario button of the sub-bar (SHELL-SUB-06/07); shown only with the COF subscription.
import AltRouteIcon from '@mui/icons-material/AltRoute';
import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSnapshotGroups } from '../api/get-snapshot-groups.ts';
import { scenarioLabel } from '../scenario.ts';
import { useDatasetSelection } from '../state.ts';

export function ScenarioButton({ hasCof }: { hasCof: boolean }) {
  const { t } = useTranslation('shell');
  const { data: groups = [] } = useSnapshotGroups(hasCof);
  const currentGroupId = useDatasetSelection((s) => s.currentGroupId);
  // Without any dataset there is no scenario to show.
  if (!hasCof || groups.length === 0) return null;
  const group = groups.find((g) => g.snapshotGroupEntityId === currentGroupId) ?? groups[0];
  const label = scenarioLabel(group?.datasets[0]) ?? t('scenario.default');
  return (
    <Button
      component={RouterLink}
      to="/cof/scenarios"
      size="small"
      variant="outlined"
      startIcon={<AltRouteIcon fontSize="small" />}
      data-testid="scenario-button"
      title={t('scenario.tooltip')}
    >
      {label}
    </Button>
  );
}
