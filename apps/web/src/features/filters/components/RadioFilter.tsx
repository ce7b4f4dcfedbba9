// A scalar filter with one choice (uiType radio): All, or one tier.
import type { UnitSystem, ViewDefinition } from '@pipewise/domain';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useTranslation } from 'react-i18next';
import { tierLabel } from '../../../lib/tier-label.ts';
import { TierSwatch } from './TierSwatch.tsx';

export interface RadioFilterProps {
  view: ViewDefinition;
  selected: readonly number[] | undefined;
  unitSystem: UnitSystem;
  onChange: (values: readonly number[] | null) => void;
}

const ALL = 'all';

export function RadioFilter({ view, selected, unitSystem, onChange }: RadioFilterProps) {
  const { t, i18n } = useTranslation(['filters', 'views']);
  const value = selected?.length === 1 ? String(selected[0]) : ALL;
  return (
    <RadioGroup
      value={value}
      data-testid={`radio-filter-${view.key}`}
      onChange={(_, next) => onChange(next === ALL ? null : [Number(next)])}
    >
      <FormControlLabel value={ALL} control={<Radio size="small" />} label={t('scalar.all')} />
      {view.tiers.map((tier) =>
        tier.value === undefined ? null : (
          <FormControlLabel
            key={tier.id}
            value={String(tier.value)}
            control={<Radio size="small" />}
            label={
              <>
                <TierSwatch color={tier.color} />
                {tierLabel(view, tier, { t, language: i18n.language, unitSystem })}
              </>
            }
          />
        ),
      )}
    </RadioGroup>
  );
}
