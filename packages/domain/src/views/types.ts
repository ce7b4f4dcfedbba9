// The contract of the map's analysis views and filter groups (spec 000 §3 view table, §4 visibility, §5 slider
// rules; ARCHITECTURE.md: colouring and filtering are MapLibre expressions built from these definitions). Pure data:
// the web builds expressions, legends and the filter pane from it; the server never needs it.
import type { Subscription } from '../constants/index.ts';
import type { UnitSystem } from '../format/units.ts';

/** Spec 000 §4 layer groups. */
export const LAYER_GROUPS = ['pipes', 'vis', 'mesh', 'district', 'custom_zone'] as const;
export type LayerGroup = (typeof LAYER_GROUPS)[number];

/**
 * The 16 views of spec 000 §3 (status = the overall attribute status, url alias `virtual-pipes`), and breakRate
 * (issue 15: areas by expected breaks per length and year, as their combined LOF reads 100 % everywhere).
 */
export const VIEW_KEYS = [
  'rank',
  'highest',
  'lof',
  'breakRate',
  'population',
  'populationChange',
  'installYear',
  'diameter',
  'length',
  'materialTypeCode',
  'cof',
  'bre',
  'breakCount',
  'diameterStatus',
  'installYearStatus',
  'materialStatus',
  'status',
] as const;
export type ViewKey = (typeof VIEW_KEYS)[number];

/** The url alias of /map/{alias} and /planner/{alias} (spec 000 §2). */
export type ViewAlias =
  | 'percentile'
  | 'highest'
  | 'lof'
  | 'break-rate'
  | 'population'
  | 'population-change'
  | 'install-year'
  | 'diameter'
  | 'length'
  | 'material'
  | 'cof'
  | 'total-risk'
  | 'break-count'
  | 'diameter-status'
  | 'install-year-status'
  | 'material-status'
  | 'virtual-pipes';

export type UiType = 'slider' | 'checkbox' | 'radio';
export type DataType = 'range' | 'scalar';

/**
 * What a view's numbers are, so the web can convert and label them: tile values are SI (mm, m) and fractions;
 * `diameter` and `length` are shown in the user's units (metric mm / m, imperial in / ft).
 */
export type ValueUnit =
  | 'probability' // 0–1, shown as a percentage
  | 'percentile' // 0–100 from the top (rank)
  | 'breaks' // expected breaks (highest)
  | 'breakRate' // expected breaks per km and year in the tiles; per mile for imperial users
  | 'count'
  | 'people'
  | 'percent' // already a percentage (population change)
  | 'year'
  | 'diameter' // tiles in mm
  | 'length' // tiles in m
  | 'code'; // a category (material, level, status)

export interface SliderSettings {
  min: number;
  max: number;
  step: number;
  /** Imperial slider in the imperial unit (spec 000 §3: diameter 0–2000 in, step 0.5). */
  imperial?: { min: number; max: number; step: number };
  /**
   * A label to show instead of the number at the top end (spec 000 §5: the highest filter shows 100 as its
   * custom maximum).
   */
  maxLabel?: string;
}

/**
 * One tier: a range [low, high) for range views (open at either end when undefined), or one value for scalar
 * views. Imperial bounds, when the view has them, are in the imperial unit (in, ft) and used for labels and
 * for imperial users' filters.
 */
export interface Tier {
  /** Stable id within the view (saved filters store it). */
  id: string;
  /** i18n key in the `views` namespace (`tiers.…`), or undefined when the label is built from the bounds. */
  labelKey?: string;
  low?: number;
  high?: number;
  value?: number;
  imperialLow?: number;
  imperialHigh?: number;
  color: string;
}

export interface ViewDefinition {
  key: ViewKey;
  alias: ViewAlias;
  /** i18n key in the `views` namespace (`views.{key}.title`: t(`views:${titleKey}`)). */
  titleKey: string;
  /** Name of the icon the web shows (mapped to an MUI icon there). */
  icon: string;
  uiType: UiType;
  dataType: DataType;
  unit: ValueUnit;
  /**
   * The tile property per layer group the view is available for; `{lofMonths}` and `{popYear}` are filled in
   * (spec 000 §3: rank_{lofMonths}, lof_{lofMonths}, pop_{popYear}, roc_{popYear}). No entry = not available.
   */
  properties: Partial<Record<LayerGroup, string>>;
  slider?: SliderSettings;
  tiers: readonly Tier[];
  /** Spec 000 §4: shown only if production ready and flagged for the menu. */
  productionReady: boolean;
  menu: boolean;
  /** View-menu group (spec 000 §2): LOF (rank, highest, lof), population (population, change), or none. */
  menuGroup: 'lof' | 'population' | null;
  /** All of these are needed (bre: BRE and COF). */
  subscriptions: readonly Subscription[];
  /** Parameters the property depends on (the LOF horizon and population-year controls show for these). */
  usesLofMonths: boolean;
  usesPopYear: boolean;
}

/** What decides which views show (spec 000 §4 "Filter tiers shown"). */
export interface ViewContext {
  layerGroup: LayerGroup;
  subscriptions: readonly Subscription[];
  /** Properties the dataset's tiles carry (valid_feature_props); null while unknown or failed: all shown. */
  presentProperties: ReadonlySet<string> | null;
  /** The break-count view shows only when the dataset has breaks. */
  hasBreaks: boolean;
  lofMonths: number;
  popYear: number;
  /**
   * Ascending quantiles of the dataset's `pop_{popYear}` values (tile-properties' population_quantiles for this
   * year): the population view's tiers are computed from them (MAP-TIER-09); missing or null = the static tiers.
   */
  populationQuantiles?: readonly number[] | null;
  /** The user's units: the breakRate view's tiers and title are per km or per mile (absent: metric). */
  unitSystem?: UnitSystem;
  /**
   * Ascending quantiles of the active area layer's break_rate (tile-properties' break_rate_quantiles for the layer
   * group): the breakRate view's tiers spread its areas; missing or null = the static tiers.
   */
  breakRateQuantiles?: readonly number[] | null;
}

/** A filter being edited or applied: per view key, a range (null end = unbounded) and/or selected tier ids. */
export interface RangeFilter {
  low: number | null;
  high: number | null;
}
export interface FilterState {
  ranges: Partial<Record<ViewKey, RangeFilter>>;
  /** Selected scalar values (checkbox/radio); a missing key = everything selected. */
  scalars: Partial<Record<ViewKey, readonly number[]>>;
}
