// Public surface of the map views: definitions, palettes, visibility, slider rules and saved-filter conversion.
export { LAYER_GROUPS, VIEW_KEYS } from './types.ts';
export type {
  LayerGroup,
  ViewKey,
  ViewAlias,
  UiType,
  DataType,
  ValueUnit,
  SliderSettings,
  Tier,
  ViewDefinition,
  ViewContext,
  RangeFilter,
  FilterState,
} from './types.ts';
export {
  gradient,
  RISK_RAMP,
  NO_DATA_COLOR,
  RANK_PALETTE,
  HIGHEST_PALETTE,
  INSTALL_YEAR_PALETTE,
  DIAMETER_PALETTE,
  POPULATION_STOPS,
  POPULATION_PALETTE,
  POPULATION_CHANGE_PALETTE,
  MATERIAL_PALETTE,
  STATUS_PALETTE,
  LEVEL_PALETTE,
  BREAK_COUNT_PALETTE,
  LENGTH_PALETTE,
  BREAK_RATE_STOPS,
} from './palettes.ts';
export { rangeTiers, valueTiers } from './tiers.ts';
export {
  STATIC_POPULATION_BOUNDS,
  DYNAMIC_TIERS,
  POPULATION_QUANTILE_STEPS,
  roundByDigits,
  dynamicTierBounds,
  populationTiers,
  withDynamicTiers,
} from './population-tiers.ts';
export {
  BREAK_RATE_TIERS,
  STATIC_BREAK_RATE_BOUNDS,
  roundToTwoDigits,
  breakRateTiers,
  withBreakRateTiers,
} from './break-rate-tiers.ts';
export { VIEW_DEFINITIONS, VIEW_ORDER } from './definitions.ts';
export {
  FALLBACK_VIEW,
  viewByAlias,
  propertyFor,
  isViewVisible,
  visibleViews,
  resolveView,
  availableLayerGroups,
} from './resolve.ts';
export type { LayerGroupContext } from './resolve.ts';
export {
  POPULATION_PROJECTION_YEARS,
  POPULATION_BASE_YEAR,
  MAP_YEAR,
  basePopulationYear,
  defaultPopulationYear,
  populationYears,
  populationChangeYears,
  popYearFor,
} from './population-years.ts';
export {
  parseSliderInput,
  sortRange,
  toRangeFilter,
  decimalsForStep,
  formatSliderValue,
  sliderLabel,
} from './slider-input.ts';
export { flyToZoom, ZONE_FLY_TO_ZOOM } from './fly-to.ts';
export {
  emptyFilterState,
  withRange,
  withScalars,
  clearFilter,
  isFilterActive,
  toSavedFilters,
  fromSavedFilters,
} from './filters.ts';
export type { Polygons, Boundaries, SavedFilterContext, RestoredFilters } from './filters.ts';
