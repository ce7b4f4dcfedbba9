// The 16 map views of spec 000 §3 (view table) with their tiles' properties, sliders and tiers, and breakRate (issue
// 15). Range values are in the tiles' units (mm, m, fractions, years, breaks per km); imperial users get the slider's
// `imperial` settings and the tiers' imperial bounds.
import { LOF_RANK_OUT_OF_RANGE, MATERIAL, MATERIAL_SHORT_LABELS } from '../constants/index.ts';
import {
  BREAK_COUNT_PALETTE,
  DIAMETER_PALETTE,
  HIGHEST_PALETTE,
  INSTALL_YEAR_PALETTE,
  LENGTH_PALETTE,
  LEVEL_PALETTE,
  MATERIAL_PALETTE,
  POPULATION_CHANGE_PALETTE,
  POPULATION_PALETTE,
  RANK_PALETTE,
  RISK_RAMP,
  STATUS_PALETTE,
} from './palettes.ts';
import { breakRateTiers } from './break-rate-tiers.ts';
import { STATIC_POPULATION_BOUNDS } from './population-tiers.ts';
import { rangeTiers, valueTiers } from './tiers.ts';
import { VIEW_KEYS } from './types.ts';
import type { ViewDefinition, ViewKey } from './types.ts';

type Base = Pick<ViewDefinition, 'productionReady' | 'menu' | 'menuGroup' | 'usesLofMonths' | 'usesPopYear'>;
const BASE: Base = {
  productionReady: true,
  menu: true,
  menuGroup: null,
  usesLofMonths: false,
  usesPopYear: false,
};
const LOF_BASE: Base = { ...BASE, menuGroup: 'lof', usesLofMonths: true };
const POP_BASE: Base = { ...BASE, menuGroup: 'population', usesPopYear: true };

const title = (key: ViewKey) => `views.${key}.title`;

const LEVEL_KEYS = ['low', 'mediumLow', 'mediumHigh', 'high', 'veryHigh'] as const;
const levelTiers = () =>
  valueTiers([1, 2, 3, 4, 5], LEVEL_PALETTE, (_v, i) => `tiers.level.${LEVEL_KEYS[i]}`);

const STATUS_KEYS = ['provided', 'imputed', 'overridden'] as const;
const statusTiers = () => valueTiers([0, 1, 2], STATUS_PALETTE, (_v, i) => `tiers.status.${STATUS_KEYS[i]}`);

const statusView = (key: ViewKey, alias: ViewDefinition['alias'], property: string): ViewDefinition => ({
  ...BASE,
  key,
  alias,
  titleKey: title(key),
  icon: 'AutoFixHigh',
  uiType: 'checkbox',
  dataType: 'scalar',
  unit: 'code',
  properties: { pipes: property },
  tiers: statusTiers(),
  subscriptions: [],
});

const MATERIAL_CODES: readonly number[] = Object.values(MATERIAL).sort((a, b) => a - b);

/** Spec 000 §3 view table. */
export const VIEW_DEFINITIONS: Readonly<Record<ViewKey, ViewDefinition>> = {
  rank: {
    ...LOF_BASE,
    key: 'rank',
    alias: 'percentile',
    titleKey: title('rank'),
    icon: 'Leaderboard',
    uiType: 'slider',
    dataType: 'range',
    unit: 'percentile',
    properties: { pipes: 'rank_{lofMonths}' },
    slider: { min: 0, max: 100, step: 1 },
    // A percentile from the top (lower = riskier); the last tier stops below the unscored sentinel 333.
    tiers: rangeTiers([3, 10, 25, 50], RANK_PALETTE, {
      first: 0,
      last: LOF_RANK_OUT_OF_RANGE,
      labelKeys: ['top3', 'top10', 'top25', 'top50', 'lower'].map((k) => `tiers.rank.${k}`),
    }),
    subscriptions: ['LOF'],
  },
  highest: {
    ...LOF_BASE,
    key: 'highest',
    alias: 'highest',
    titleKey: title('highest'),
    icon: 'LocalFireDepartment',
    uiType: 'slider',
    dataType: 'range',
    unit: 'breaks',
    // lofa_{n} = expected breaks over the horizon. FILT-SLD-08 (ambiguous) — our reading: the slider really runs
    // 0–3.01 and its top end means "no upper limit" (FILT-SLD-07), which the label shows as the custom maximum
    // '100' instead of 3.01; the value sent is still unbounded, never 100.
    properties: { pipes: 'lofa_{lofMonths}' },
    slider: { min: 0, max: 3.01, step: 0.01, maxLabel: '100' },
    tiers: rangeTiers([0.21, 0.41, 0.61, 0.81, 1.01, 3.01], HIGHEST_PALETTE, {
      first: 0,
      labelKeys: [undefined, undefined, undefined, undefined, undefined, undefined, 'tiers.highest.above'],
    }),
    subscriptions: ['LOF'],
  },
  lof: {
    ...LOF_BASE,
    key: 'lof',
    alias: 'lof',
    titleKey: title('lof'),
    icon: 'ReportProblem',
    uiType: 'slider',
    dataType: 'range',
    unit: 'probability',
    // A pipe's probability, and a segment's (what one crew isolates: a few pipes, where "will it be out this year"
    // still reads between 0 and 100 %). Not the areas' (spec 000 §3 gives them lof_12): over a district's thousands
    // of pipes 1 − Π(1 − lof) is 100 % everywhere (issue 15), so they are coloured by breakRate instead.
    properties: { pipes: 'lof_{lofMonths}', vis: 'lof_{lofMonths}' },
    slider: { min: 0, max: 1, step: 0.01 },
    // From 0, so the n/a value -1 stays uncoloured.
    tiers: rangeTiers([0.01, 0.03, 0.05, 0.1, 0.15, 0.2, 0.25], RISK_RAMP, { first: 0, last: 1.01 }),
    subscriptions: ['LOF'],
  },
  breakRate: {
    ...LOF_BASE,
    usesLofMonths: false,
    key: 'breakRate',
    alias: 'break-rate',
    titleKey: title('breakRate'),
    icon: 'Speed',
    uiType: 'slider',
    dataType: 'range',
    unit: 'breakRate',
    // Expected breaks per km and year of an area (tile-layers.ts AREA_RESULTS): a rate, so a small mesh cell and a
    // large district compare, and it never saturates.
    properties: { mesh: 'break_rate', district: 'break_rate', custom_zone: 'break_rate' },
    slider: { min: 0, max: 2, step: 0.01, imperial: { min: 0, max: 3, step: 0.01 } },
    // The static fallback; the map computes them from the analysis' areas (break-rate-tiers.ts withBreakRateTiers).
    tiers: breakRateTiers('metric'),
    subscriptions: ['LOF'],
  },
  population: {
    ...POP_BASE,
    key: 'population',
    alias: 'population',
    titleKey: title('population'),
    icon: 'Groups',
    uiType: 'slider',
    dataType: 'range',
    unit: 'people',
    properties: { pipes: 'pop_{popYear}' },
    slider: { min: 0, max: 10000, step: 1 },
    // The fallback of the dynamic tiers (population-tiers.ts, MAP-TIER-09).
    tiers: rangeTiers(STATIC_POPULATION_BOUNDS, POPULATION_PALETTE),
    subscriptions: ['POPULATION'],
  },
  populationChange: {
    ...POP_BASE,
    key: 'populationChange',
    alias: 'population-change',
    titleKey: title('populationChange'),
    icon: 'TrendingUp',
    uiType: 'slider',
    dataType: 'range',
    unit: 'percent',
    properties: { pipes: 'roc_{popYear}' },
    slider: { min: -30, max: 30, step: 1 },
    // Spec 000 §3 lists lower bounds -30 … 4: the first tier starts at -30 as the spec says.
    tiers: rangeTiers([-10, -5, -1, 0, 2, 4], POPULATION_CHANGE_PALETTE, { first: -30 }),
    subscriptions: ['POPULATION'],
  },
  installYear: {
    ...BASE,
    key: 'installYear',
    alias: 'install-year',
    titleKey: title('installYear'),
    icon: 'CalendarMonth',
    uiType: 'slider',
    dataType: 'range',
    unit: 'year',
    properties: { pipes: 'install_year', vis: 'install_year' },
    slider: { min: 1850, max: 2030, step: 1 },
    tiers: rangeTiers([1920, 1940, 1960, 1980, 2000, 2020], INSTALL_YEAR_PALETTE),
    subscriptions: [],
  },
  diameter: {
    ...BASE,
    key: 'diameter',
    alias: 'diameter',
    titleKey: title('diameter'),
    icon: 'DonutLarge',
    uiType: 'slider',
    dataType: 'range',
    unit: 'diameter',
    properties: { pipes: 'diameter' },
    slider: { min: 0, max: 5000, step: 10, imperial: { min: 0, max: 2000, step: 0.5 } },
    tiers: rangeTiers([100, 150, 200, 300, 400, 425], DIAMETER_PALETTE, {
      imperialBounds: [4, 6, 8, 12, 16, 17],
    }),
    subscriptions: [],
  },
  length: {
    ...BASE,
    productionReady: false, // MAP-TIER-17: hidden everywhere
    key: 'length',
    alias: 'length',
    titleKey: title('length'),
    icon: 'Straighten',
    uiType: 'checkbox',
    dataType: 'scalar',
    unit: 'length',
    properties: { pipes: 'length' },
    tiers: valueTiers([4, 6, 8, 12, 16, 17], LENGTH_PALETTE),
    subscriptions: [],
  },
  materialTypeCode: {
    ...BASE,
    key: 'materialTypeCode',
    alias: 'material',
    titleKey: title('materialTypeCode'),
    icon: 'Category',
    uiType: 'checkbox',
    dataType: 'scalar',
    unit: 'code',
    properties: { pipes: 'material_type_code' },
    tiers: valueTiers(
      MATERIAL_CODES,
      MATERIAL_PALETTE,
      (code) => `tiers.material.${MATERIAL_SHORT_LABELS[code] ?? 'UNK'}`,
    ),
    subscriptions: [],
  },
  cof: {
    ...BASE,
    key: 'cof',
    alias: 'cof',
    titleKey: title('cof'),
    icon: 'PriceChange',
    uiType: 'checkbox',
    dataType: 'scalar',
    unit: 'code',
    properties: { pipes: 'cof' },
    tiers: levelTiers(),
    subscriptions: ['COF'],
  },
  bre: {
    ...BASE,
    key: 'bre',
    alias: 'total-risk',
    titleKey: title('bre'),
    icon: 'Insights',
    uiType: 'checkbox',
    dataType: 'scalar',
    unit: 'code',
    properties: { pipes: 'bre' },
    tiers: levelTiers(),
    subscriptions: ['BRE', 'COF'],
  },
  breakCount: {
    ...BASE,
    key: 'breakCount',
    alias: 'break-count',
    titleKey: title('breakCount'),
    icon: 'Build',
    uiType: 'slider',
    dataType: 'range',
    unit: 'count',
    properties: { pipes: 'break_count', vis: 'breaks' },
    slider: { min: 0, max: 10, step: 1 },
    tiers: rangeTiers([1, 2, 3, 4, 5], BREAK_COUNT_PALETTE, {
      first: 0,
      labelKeys: [0, 1, 2, 3, 4, 5].map((n) => `tiers.breakCount.b${n}`),
    }),
    subscriptions: [],
  },
  diameterStatus: statusView('diameterStatus', 'diameter-status', 'diameter_status'),
  installYearStatus: statusView('installYearStatus', 'install-year-status', 'install_year_status'),
  materialStatus: statusView('materialStatus', 'material-status', 'material_status'),
  status: statusView('status', 'virtual-pipes', 'status'),
};

/** Menu order (spec 000 §2: the LOF group, the population group, then the others): VIEW_KEYS' order. */
export const VIEW_ORDER: readonly ViewKey[] = VIEW_KEYS;
