// The bottom-left map controls of spec 000 §2 (CTRL-01): zoom, home, snapshot (PDF) and set-view, plus the
// population control (MAP-POP-01: the population layer and its year). The screen passes the actions: only the
// map adapter touches the map.
import Add from '@mui/icons-material/Add';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import Remove from '@mui/icons-material/Remove';
import { Divider, IconButton, MenuItem, Paper, Select, Stack, Tooltip } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface MapControlsProps {
  onZoomIn: () => void;
  onZoomOut: () => void;
  onHome: () => void;
  onScreenshot: () => void;
  screenshotBusy: boolean;
  /** The set-view control (datasets feature), composed by the screen. */
  setView: ReactNode;
  /** Null when the dataset has no population or the user lacks POPULATION. */
  population: {
    shown: boolean;
    year: number;
    years: readonly number[];
    onToggle: () => void;
    onYear: (year: number) => void;
  } | null;
}

function Control(props: {
  label: string;
  testId: string;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
  pressed?: boolean;
}) {
  return (
    <Tooltip title={props.label} placement="right">
      <span>
        <IconButton
          size="small"
          aria-label={props.label}
          aria-pressed={props.pressed}
          onClick={props.onClick}
          disabled={props.disabled}
          data-testid={props.testId}
          color={props.pressed ? 'primary' : 'default'}
        >
          {props.children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

export function MapControls(props: MapControlsProps) {
  const { t } = useTranslation('mapui');
  const { population } = props;
  return (
    <Stack spacing={1} data-testid="map-controls" sx={{ alignItems: 'flex-start' }}>
      {population && (
        <Paper elevation={3} sx={{ display: 'flex', alignItems: 'center', pr: population.shown ? 1 : 0 }}>
          <Control
            label={t('controls.population')}
            testId="population-toggle"
            onClick={population.onToggle}
            pressed={population.shown}
          >
            <PeopleOutlined fontSize="small" />
          </Control>
          {population.shown && (
            <Select
              variant="standard"
              size="small"
              value={population.year}
              onChange={(e) => population.onYear(Number(e.target.value))}
              inputProps={{ 'aria-label': t('controls.populationYear'), 'data-testid': 'population-year' }}
            >
              {population.years.map((y) => (
                <MenuItem key={y} value={y}>
                  {y}
                </MenuItem>
              ))}
            </Select>
          )}
        </Paper>
      )}
      <Paper elevation={3}>
        <Stack>
          <Control label={t('controls.zoomIn')} testId="zoom-in" onClick={props.onZoomIn}>
            <Add fontSize="small" />
          </Control>
          <Divider />
          <Control label={t('controls.zoomOut')} testId="zoom-out" onClick={props.onZoomOut}>
            <Remove fontSize="small" />
          </Control>
        </Stack>
      </Paper>
      <Paper elevation={3}>
        <Control label={t('controls.home')} testId="map-home" onClick={props.onHome}>
          <HomeOutlined fontSize="small" />
        </Control>
      </Paper>
      <Paper elevation={3}>
        <Control
          label={t('controls.screenshot')}
          testId="map-screenshot"
          onClick={props.onScreenshot}
          disabled={props.screenshotBusy}
        >
          <PictureAsPdfOutlined fontSize="small" />
        </Control>
      </Paper>
      {props.setView}
    </Stack>
  );
}
