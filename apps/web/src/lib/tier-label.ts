// The text of a view's tier (legend, filter checkboxes): its translated label when the definition names one,
// otherwise built from its bounds in the user's units and language ('< 100 mm', '1920 – 1940', '≥ 17 in').
// Shared by the map legend and the filters pane, so both read the same.
import {
  MAP_LABEL_PERCENT_DECIMALS,
  formatNumber,
  formatPercent,
  type Tier,
  type UnitSystem,
  type ViewDefinition,
} from '@pipewise/domain';
import type { TFunction } from 'i18next';

export interface TierLabelOptions {
  t: TFunction;
  language: string;
  unitSystem: UnitSystem;
}

/**
 * The unit word shown after a bound, by the view's value unit and the user's system. None for a break rate: its
 * view's title names the unit, per km or per mile and year (views.breakRate.title / titleImperial).
 */
export function unitSuffix(view: ViewDefinition, unitSystem: UnitSystem): string {
  switch (view.unit) {
    case 'diameter':
      return unitSystem === 'imperial' ? ' in' : ' mm';
    case 'length':
      return unitSystem === 'imperial' ? ' ft' : ' m';
    case 'probability':
    case 'percentile':
    case 'breaks':
    case 'breakRate':
    case 'count':
    case 'people':
    case 'percent':
    case 'year':
    case 'code':
      return '';
  }
}

/** The bounds in the user's unit: imperial users read the tier's imperial bounds when it has them. */
export function tierBounds(tier: Tier, unitSystem: UnitSystem): { low?: number; high?: number } {
  if (unitSystem === 'imperial' && (tier.imperialLow !== undefined || tier.imperialHigh !== undefined)) {
    return {
      ...(tier.imperialLow !== undefined && { low: tier.imperialLow }),
      ...(tier.imperialHigh !== undefined && { high: tier.imperialHigh }),
    };
  }
  return {
    ...(tier.low !== undefined && { low: tier.low }),
    ...(tier.high !== undefined && { high: tier.high }),
  };
}

/** The decimals that show two significant digits of `value` (0.044 → 3, 0.15 → 2, 1.2 → 1, 12 → 0). */
const significantDecimals = (value: number) =>
  value === 0 || !Number.isFinite(value) ? 0 : Math.max(0, 1 - Math.floor(Math.log10(Math.abs(value))));

export function formatViewValue(view: ViewDefinition, value: number, language: string): string {
  switch (view.unit) {
    case 'probability':
      return formatPercent(value * 100, { language, decimals: MAP_LABEL_PERCENT_DECIMALS });
    case 'percent':
      return formatPercent(value, { language, decimals: MAP_LABEL_PERCENT_DECIMALS });
    case 'breaks':
      return formatNumber(value, language, { decimals: 2 });
    case 'breakRate':
      // Its bounds keep two significant digits (break-rate-tiers.ts): 0.044, 0.15, 1.2.
      return formatNumber(value, language, { decimals: significantDecimals(value) });
    case 'year':
    case 'code':
      return String(value);
    case 'diameter':
      return formatNumber(value, language, { decimals: Number.isInteger(value) ? 0 : 1 });
    case 'people':
      // Numbers of people, grouped and whole ('1,200'); a fraction only below 10 ('0.4'), as the dynamic
      // population bounds are rounded to two digits (MAP-TIER-09).
      return formatNumber(value, language, { decimals: Number.isInteger(value) ? 0 : 1 });
    case 'count':
    case 'length':
    case 'percentile':
      return formatNumber(value, language, { decimals: Number.isInteger(value) ? 0 : 2 });
  }
}

export function tierLabel(view: ViewDefinition, tier: Tier, options: TierLabelOptions): string {
  const { t, language, unitSystem } = options;
  if (tier.labelKey) return t(tier.labelKey, { ns: 'views' });
  if (tier.value !== undefined) return formatViewValue(view, tier.value, language);
  const bounds = tierBounds(tier, unitSystem);
  // A bound at the slider's minimum, or past its maximum (lof's 1.01 above 1), reads as an open end: '< 1%'.
  const slider = unitSystem === 'imperial' && view.slider?.imperial ? view.slider.imperial : view.slider;
  const low = slider && bounds.low !== undefined && bounds.low <= slider.min ? undefined : bounds.low;
  // Population bounds come from the dataset (MAP-TIER-09) and may pass the slider's 10,000: they are real bounds.
  const pastMax = (v: number) => slider !== undefined && v > slider.max && view.unit !== 'people';
  const high = bounds.high !== undefined && pastMax(bounds.high) ? undefined : bounds.high;
  const unit = unitSuffix(view, unitSystem);
  const fmt = (v: number) => formatViewValue(view, v, language);
  if (low !== undefined && high !== undefined) return `${fmt(low)} – ${fmt(high)}${unit}`;
  if (high !== undefined) return `< ${fmt(high)}${unit}`;
  if (low !== undefined) return `≥ ${fmt(low)}${unit}`;
  return '';
}
