// A scalar filter as checkboxes (materials, levels, statuses): one per tier with its colour swatch and label.
// Unticking narrows the selection at once; ticking every box again removes the filter.
import type { UnitSystem, ViewDefinition } from '@pipewise/domain';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import { useTranslation } from 'react-i18next';
import { tierLabel } from '../../../lib/tier-label.ts';
import { TierSwatch } from './TierSwatch.tsx';

export interface CheckboxFilterProps {
  view: ViewDefinition;
  /** Selected values; undefined = all. */
  selected: readonly number[] | undefined;
  unitSystem: UnitSystem;
  /** null = all selected (no filter). */
  onChange: (values: readonly number[] | null) => void;
}

export function CheckboxFilter({ view, selected, unitSystem, onChange }: CheckboxFilterProps) {
  const { t, i18n } = useTranslation(['filters', 'views']);
  const all = view.tiers.flatMap((tier) => (tier.value === undefined ? [] : [tier.value]));
  const current = new Set(selected ?? all);

  const toggle = (value: number) => {
    const next = new Set(current);
    if (next.has(value)) next.delete(value);
    else next.add(value);
    onChange(all.every((v) => next.has(v)) ? null : all.filter((v) => next.has(v)));
  };

  return (
    <FormGroup data-testid={`checkbox-filter-${view.key}`}>
      {view.tiers.map((tier) => {
        if (tier.value === undefined) return null;
        const value = tier.value;
        const label = tierLabel(view, tier, { t, language: i18n.language, unitSystem });
        return (
          <FormControlLabel
            key={tier.id}
            control={<Checkbox size="small" checked={current.has(value)} onChange={() => toggle(value)} />}
            label={
              <>
                <TierSwatch color={tier.color} />
                {label}
              </>
            }
          />
        );
      })}
    </FormGroup>
  );
}
