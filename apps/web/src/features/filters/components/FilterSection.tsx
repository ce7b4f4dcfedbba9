// One view's filter in the pane: an accordion titled by the view, with a slider, checkboxes or radio buttons.
import type { RangeFilter, UnitSystem, ViewDefinition } from '@pipewise/domain';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useFilterStore } from '../state.ts';
import { CheckboxFilter } from './CheckboxFilter.tsx';
import { RadioFilter } from './RadioFilter.tsx';
import { SliderFilter } from './SliderFilter.tsx';

/** What the pane's sections need from the map: the LOF horizon, population year and the user's units. */
export interface FiltersPaneContext {
  lofMonths: number;
  popYear: number;
  unitSystem: UnitSystem;
}

const rangeKey = (range: RangeFilter | undefined) => `${range?.low ?? ''}:${range?.high ?? ''}`;

export function FilterSection({ view, ctx }: { view: ViewDefinition; ctx: FiltersPaneContext }) {
  const { t } = useTranslation(['filters', 'views']);
  const range = useFilterStore((s) => s.applied.ranges[view.key]);
  const selected = useFilterStore((s) => s.applied.scalars[view.key]);
  const setRange = useFilterStore((s) => s.setRange);
  const setScalars = useFilterStore((s) => s.setScalars);
  const active = range !== undefined || selected !== undefined;
  const caption = view.usesLofMonths
    ? t('pane.horizon', { count: ctx.lofMonths })
    : view.usesPopYear
      ? t('pane.year', { year: ctx.popYear })
      : null;

  const body = () => {
    if (view.uiType === 'slider' && view.slider) {
      return (
        <SliderFilter
          // A new applied range (reset, restore) starts the inputs afresh.
          key={`${rangeKey(range)}:${ctx.unitSystem}`}
          view={view}
          range={range}
          unitSystem={ctx.unitSystem}
          onApply={(next) => setRange(view.key, next)}
        />
      );
    }
    const Scalar = view.uiType === 'radio' ? RadioFilter : CheckboxFilter;
    return (
      <Scalar
        view={view}
        selected={selected}
        unitSystem={ctx.unitSystem}
        onChange={(values) => setScalars(view.key, values)}
      />
    );
  };

  return (
    <Accordion
      disableGutters
      slotProps={{ transition: { unmountOnExit: true } }}
      data-testid={`filter-${view.key}`}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flex: 1 }}>
          <Typography sx={{ flex: 1 }}>{t(`views:${view.titleKey}`)}</Typography>
          {caption && (
            <Typography variant="caption" color="text.secondary">
              {caption}
            </Typography>
          )}
          {active && <Chip size="small" color="primary" label={t('pane.active')} />}
        </Stack>
      </AccordionSummary>
      <AccordionDetails>{body()}</AccordionDetails>
    </Accordion>
  );
}
