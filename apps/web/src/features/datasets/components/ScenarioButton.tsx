// The COF scenario button of the sub-bar (SHELL-SUB-06/07); shown only with the COF subscription.
// SHELL-SUB-07 reads 'default' for a dataset that is its own original. Issue 38 read as a user would: the button
// names the cost model whose results are on screen — a saved scenario by its name, the country default as
// 'Default (USD)' as the planner and the reports say it — whatever the dataset's lineage.
import AltRouteIcon from '@mui/icons-material/AltRoute';
import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useCurrentSnapshot } from '../api/get-current-snapshot.ts';
import { servedCofName } from '../../cof-scenarios/index.ts';
import { scenarioLabel } from '../scenario.ts';

export function ScenarioButton({ hasCof }: { hasCof: boolean }) {
  const { t } = useTranslation(['shell', 'cof']);
  const { data: snapshot } = useCurrentSnapshot(hasCof);
  // Without any dataset there is no scenario to show.
  if (!hasCof || !snapshot) return null;
  const label =
    servedCofName(t, snapshot.dataset.cofScenario) ??
    scenarioLabel(snapshot.dataset) ??
    t('scenario.default');
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
