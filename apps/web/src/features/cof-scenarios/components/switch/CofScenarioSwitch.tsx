// The planner's COF scenario button (001 §4 "Planner scenario switch"): it shows the scenario the network's analysis
// uses, and its menu lists the group's scenarios; choosing another runs the switch (hooks/use-cof-scenario-switch.ts).
// Users who may not change scenarios see the list without being able to choose; everyone can open the scenarios.
import AltRoute from '@mui/icons-material/AltRoute';
import Check from '@mui/icons-material/Check';
import Settings from '@mui/icons-material/SettingsOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCofScenarios } from '../../api/get-cof-scenarios.ts';
import { useCofScenarioSwitch } from '../../hooks/use-cof-scenario-switch.ts';
import { choiceOf, inUse, scenarioName, servedCofName } from '../../lib/names.ts';
import { isRunning } from '../../lib/run-state.ts';
import type { CofViewer } from '../../lib/viewer.ts';

export interface CofScenarioSwitchProps {
  snapshotGroupId: number;
  /**
   * The cost model of the results on screen (the dataset's `cof_scenario`, issue 38): the button names it, so it
   * reads as the sub-bar and the reports do; the menu ticks the enabled one, which a re-run is bringing in.
   */
  served?: { id: number | null; name: string; currency: string } | null;
  viewer: CofViewer;
  /** The dataset property and snapshot groups queries to fetch again after a switch (COF-SW-03). */
  refetchKeys: readonly QueryKey[];
}

export function CofScenarioSwitch({ snapshotGroupId, served, viewer, refetchKeys }: CofScenarioSwitchProps) {
  const { t } = useTranslation('cof');
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { data } = useCofScenarios(viewer.hasCof ? snapshotGroupId : null);
  const switchTo = useCofScenarioSwitch(snapshotGroupId, refetchKeys);
  if (!viewer.hasCof) return null;

  const current = data ? inUse(data) : null;
  const name = servedCofName(t, served) ?? (current ? scenarioName(t, current) : t('switch.loading'));
  const scenarios = data ? [data.defaultScenario, ...data.cofScenarios] : [];
  return (
    <>
      <Button
        variant="outlined"
        size="small"
        startIcon={current && isRunning(current.runs) ? <CircularProgress size={16} /> : <AltRoute />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-label={t('switch.button', { name })}
        title={t('switch.button', { name })}
        data-testid="cof-scenario-switch"
        // Over the map tiles as well as in the planner panel's head: a solid background either way.
        sx={{ bgcolor: 'background.paper', maxWidth: 220, minWidth: 0, textTransform: 'none', flexShrink: 1 }}
      >
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{name}</span>
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <ListSubheader>{viewer.canEdit ? t('switch.choose') : t('switch.readOnly')}</ListSubheader>
        {scenarios.map((s) => {
          const active = s.id === current?.id;
          return (
            <MenuItem
              key={s.id ?? 'default'}
              selected={active}
              disabled={!viewer.canEdit && !active}
              onClick={() => {
                setAnchor(null);
                if (!active && viewer.canEdit) void switchTo(choiceOf(t, s));
              }}
              data-testid="cof-switch-option"
              data-id={s.id ?? 'default'}
            >
              <ListItemIcon>{active && <Check fontSize="small" />}</ListItemIcon>
              <ListItemText>{scenarioName(t, s)}</ListItemText>
            </MenuItem>
          );
        })}
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            void navigate('/cof/scenarios');
          }}
        >
          <ListItemIcon>
            <Settings fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('switch.manage')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
