export {
  SESSION,
  LANGUAGE_LOAD_FALLBACK_MS,
  NAV_REFRESH_HINT_MS,
  STATUS_POLL_MS,
  PROPERTY_GEOJSON_POLL_MS,
  DELAYS,
  TOAST_MS,
} from './timing.ts';
export {
  PERMISSION_GROUP,
  ROLE,
  SUBSCRIPTIONS,
  PLAN_TIER,
  CLIENT_STATUS,
  DATASET_STATUS,
  REFRESH_STATUS,
  SNAPSHOT_TYPE,
  DATA_ORIGIN,
  MATERIAL,
  MATERIAL_SHORT_LABELS,
  LOF_MONTHS,
  CUM_BREAK_STEPS,
  SENTINEL_HIGH,
  SENTINEL_LOW,
  LOF_RANK_OUT_OF_RANGE,
  TOP_RISK_MIN_LEVEL,
  SCENARIO_TYPE,
  VIRTUAL_PIPE_PHASE,
  PLAN_RESULT,
  PROJECT_STATES,
} from './codes.ts';
export type {
  PermissionGroupCode,
  Subscription,
  PlanTier,
  ClientStatusCode,
  DatasetStatusCode,
  RefreshStatus,
  SnapshotType,
  DataOrigin,
  MaterialCode,
  LofMonths,
} from './codes.ts';
export {
  LANGUAGES,
  LANGUAGE_LABELS,
  COUNTRIES,
  DEFAULT_COUNTRY,
  LOCALE_BY_LANGUAGE,
  LANGUAGE_BY_COUNTRY,
  DEFAULT_TIME_ZONE,
  isLanguage,
  JP_EXCEPTION_CLIENT_ID,
} from './locale.ts';
export type { Language, Country } from './locale.ts';
export {
  COLUMN_DRIVER_BASE,
  EXPOSURE_DRIVER_CODES,
  RISK_DRIVERS,
  RISK_DRIVER_CODES,
  riskDriverName,
  withoutExposure,
} from './risk-drivers.ts';
export { columnLabel } from './column-labels.ts';
export type { ColumnDriverNames, RiskDriverNames } from './risk-drivers.ts';
