// The right-side legend (spec 000 §2, MAP-SCR-04/05): the active view's tiers with their colours, 300 px wide,
// collapsible to a button. The view's parameters sit in its header: the LOF horizon for views that depend on it,
// the population year for the population views. Below the tiers, every layer on the map (issue 15).
import ChevronRight from '@mui/icons-material/ChevronRight';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import {
  Box,
  Chip,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import {
  LOF_MONTHS,
  NO_DATA_COLOR,
  type LofMonths,
  type UnitSystem,
  type ViewDefinition,
} from '@pipewise/domain';
import { useTranslation } from 'react-i18next';
import { tierLabel } from '../../../lib/tier-label.ts';
import type { LegendLayer } from '../../../map/legend-layers.ts';
import type { FacilityType } from '../state.ts';
import { BELOW_CONTROLS_PX, NARROW_MAP_QUERY } from '../narrow-map.ts';
import { LegendLayers } from './LegendLayers.tsx';

export const LEGEND_WIDTH = 300;

export interface LegendPanelProps {
  view: ViewDefinition;
  open: boolean;
  onToggle: () => void;
  unitSystem: UnitSystem;
  lofMonths: LofMonths;
  onLofMonths: (months: LofMonths) => void;
  popYear: number;
  popYears: readonly number[];
  onPopYear: (year: number) => void;
  /** The layers on the map, top to bottom (map/legend-layers.ts); none = the tiers alone. */
  layers?: readonly LegendLayer[];
  /** The facility types of the critical-infrastructure overlay, named under it. */
  facilityTypes?: readonly FacilityType[];
  /** Where the dataset's LOF comes from (issue 39): a prior is marked on every view drawn from LOF. */
  lofSource?: 'utility' | 'prior' | null;
}

/** The views drawn from the likelihood of failure: LOF's own, and BRE's (LOF × COF). */
export const drawsFromLof = (view: Pick<ViewDefinition, 'subscriptions'>): boolean =>
  view.subscriptions.includes('LOF') || view.subscriptions.includes('BRE');

const NO_LAYERS: readonly LegendLayer[] = [];
const NO_FACILITIES: readonly FacilityType[] = [];

export function LegendPanel(props: LegendPanelProps) {
  const { view, open, onToggle, unitSystem, lofMonths, popYear, popYears } = props;
  const { t, i18n } = useTranslation(['mapui', 'views']);
  const title = t(`views:${view.titleKey}`);
  if (!open) {
    return (
      <Tooltip title={t('legend.show')} placement="left">
        <Paper sx={{ position: 'absolute', top: 12, right: 12, zIndex: 2 }}>
          <IconButton onClick={onToggle} data-testid="legend-toggle" aria-label={t('legend.show')}>
            <FormatListBulleted />
          </IconButton>
        </Paper>
      </Tooltip>
    );
  }
  return (
    <Paper
      data-testid="legend"
      data-view={view.key}
      elevation={3}
      sx={{
        position: 'absolute',
        top: 12,
        right: 12,
        zIndex: 2,
        width: LEGEND_WIDTH,
        maxHeight: 'calc(100% - 24px)',
        overflowY: 'auto',
        p: 1.5,
        [NARROW_MAP_QUERY]: {
          top: BELOW_CONTROLS_PX,
          maxHeight: `calc(100% - ${BELOW_CONTROLS_PX + 12}px)`,
        },
      }}
    >
      <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center' }}>
        <Typography variant="subtitle2" sx={{ flex: 1 }} data-testid="legend-title">
          {title}
        </Typography>
        {props.lofSource === 'prior' && drawsFromLof(view) && (
          <Tooltip title={t('legend.lofPriorTip')}>
            <Chip
              size="small"
              color="warning"
              variant="outlined"
              label={t('legend.lofPrior')}
              data-testid="legend-lof-prior"
            />
          </Tooltip>
        )}
        <Tooltip title={t('legend.hide')}>
          <IconButton
            size="small"
            onClick={onToggle}
            data-testid="legend-toggle"
            aria-label={t('legend.hide')}
          >
            <ChevronRight fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
      {view.usesLofMonths && (
        <ToggleButtonGroup
          exclusive
          size="small"
          fullWidth
          value={lofMonths}
          onChange={(_e, value: LofMonths | null) => value && props.onLofMonths(value)}
          aria-label={t('legend.horizon')}
          data-testid="lof-horizon"
          sx={{ mb: 1 }}
        >
          {LOF_MONTHS.map((m) => (
            <ToggleButton key={m} value={m} data-testid={`lof-horizon-${m}`}>
              {t('legend.months', { count: m })}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      )}
      {view.usesPopYear && popYears.length > 0 && (
        <TextField
          select
          size="small"
          fullWidth
          label={t('legend.populationYear')}
          value={popYears.includes(popYear) ? popYear : ''}
          onChange={(e) => props.onPopYear(Number(e.target.value))}
          slotProps={{ htmlInput: { 'data-testid': 'legend-pop-year' } }}
          sx={{ mb: 1 }}
        >
          {popYears.map((y) => (
            <MenuItem key={y} value={y}>
              {y}
            </MenuItem>
          ))}
        </TextField>
      )}
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="legend-tiers">
        {view.tiers.map((tier) => (
          <Stack
            component="li"
            key={tier.id}
            direction="row"
            spacing={1}
            sx={{ py: 0.25, alignItems: 'center' }}
            data-color={tier.color}
          >
            <Box
              sx={{ width: 18, height: 10, borderRadius: 0.5, bgcolor: tier.color, flexShrink: 0 }}
              aria-hidden
            />
            <Typography variant="body2">
              {tierLabel(view, tier, { t, language: i18n.language, unitSystem })}
            </Typography>
          </Stack>
        ))}
      </Box>
      {/* The map draws a pipe without a value in this grey: an attribute left unknown (too few pipes carry it to
          estimate it), or a figure not computed (issue 15: grey pipes under a coloured legend went unexplained). */}
      <Stack
        direction="row"
        spacing={1}
        sx={{ py: 0.25, alignItems: 'center' }}
        data-testid="legend-no-value"
      >
        <Box
          sx={{ width: 18, height: 10, borderRadius: 0.5, bgcolor: NO_DATA_COLOR, flexShrink: 0 }}
          aria-hidden
        />
        <Typography variant="body2" color="text.secondary">
          {t('legend.noValue')}
        </Typography>
      </Stack>
      <LegendLayers
        layers={props.layers ?? NO_LAYERS}
        popYear={popYear}
        facilityTypes={props.facilityTypes ?? NO_FACILITIES}
      />
    </Paper>
  );
}
