// Public surface of @pipewise/domain. Each area keeps its own index; list names explicitly (STYLE.md).
// Sections are owned by different people working in parallel: add lines only to your own section.

// --- constants ---
export {
  SESSION,
  LANGUAGE_LOAD_FALLBACK_MS,
  NAV_REFRESH_HINT_MS,
  STATUS_POLL_MS,
  PROPERTY_GEOJSON_POLL_MS,
  DELAYS,
  TOAST_MS,
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
  LANGUAGES,
  LANGUAGE_LABELS,
  COUNTRIES,
  DEFAULT_COUNTRY,
  LOCALE_BY_LANGUAGE,
  LANGUAGE_BY_COUNTRY,
  DEFAULT_TIME_ZONE,
  isLanguage,
  JP_EXCEPTION_CLIENT_ID,
  RISK_DRIVERS,
  RISK_DRIVER_CODES,
  COLUMN_DRIVER_BASE,
  riskDriverName,
  columnLabel,
  EXPOSURE_DRIVER_CODES,
  withoutExposure,
} from './constants/index.ts';
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
  Language,
  Country,
  RiskDriverNames,
  ColumnDriverNames,
} from './constants/index.ts';

// --- format & units (domain helper) ---
export {
  MM_PER_INCH,
  M_PER_FOOT,
  KM_PER_MILE,
  METRIC_UNITS,
  IMPERIAL_UNITS,
  countryOrDefault,
  unitSystemForCountry,
  defaultUnitsForCountry,
  currencyForLanguage,
  currencyForCountry,
  settingsForCountry,
  convertLength,
  lengthToMeters,
  convertDiameter,
  diameterToMm,
  toFullWidthDigits,
  usesFullWidthDigits,
  localizeDigits,
  NA,
  localeFor,
  roundHalfExpand,
  formatNumber,
  formatLength,
  formatDiameter,
  formatCurrency,
  currencyDecimals,
  THOUSANDS_THRESHOLD,
  THOUSANDS_DECIMALS,
  formatPercent,
  formatPopulation,
  formatPopulationChange,
  rankDecimals,
  PERCENT_DECIMALS,
  MAP_LABEL_PERCENT_DECIMALS,
  POPULATION_DECIMALS,
  COMPARISON_YEAR_TEXT,
  formatRul,
  formatLof,
  RUL_OVER_LIMIT_YEARS,
  formatDate,
  toIsoDate,
  csvField,
  csvLine,
  isFormulaLike,
} from './format/index.ts';
export type {
  SegmentUnit,
  DiameterUnit,
  SegmentLargeUnit,
  LengthUnit,
  CurrencyCode,
  UnitSystem,
  UnitSet,
  CountrySettings,
  FormatOptions,
  NumberFormatOptions,
  LengthFormatOptions,
  PercentOptions,
  RulDisplay,
  LofDisplay,
  DateFormatOptions,
  CsvCell,
} from './format/index.ts';

// --- validation rules (domain helper) ---
export {
  RULE_NAMES,
  ruleMessageKey,
  isRuleName,
  ruleCheck,
  ruleIssueFields,
  firstFailingRule,
  withRules,
  ruleIssue,
  isEmptyValue,
  toFiniteNumber,
  decimalPlaces,
  required,
  min,
  max,
  between,
  minValue,
  maxValue,
  minValueLabel,
  alpha,
  email,
  regex,
  integer,
  numeric,
  decimals,
  decimal,
  digits,
  digitsBetween,
  DECIMAL_RULE_PLACES,
  phone,
  password,
  isValidPassword,
  PASSWORD_MIN_LENGTH,
  zipCode,
  isValidZipCode,
  latitude,
  longitude,
  MAX_ABS_LATITUDE,
  MAX_ABS_LONGITUDE,
  year,
  MIN_YEAR,
  diameter,
  DIAMETER_RULE_RANGE,
  parseDecimalComma,
  image,
  size,
  after,
  isAfter,
  toTime,
  overlap,
  rangesOverlap,
  parseLocaleNumber,
  localeString,
  toLocale,
  passwordConfirmation,
  afterField,
  noOverlapFields,
  stripToNumber,
  limitDecimals,
} from './validation/index.ts';
export type {
  RuleName,
  RuleParams,
  RuleParamsMap,
  RuleMessageKey,
  RuleCheck,
  AnyRuleCheck,
  RuleIssue,
  YearOptions,
  FileLike,
  NumericRange,
} from './validation/index.ts';

// --- roles & subscriptions (domain helper) ---
export {
  roleRank,
  hasRole,
  isInspector,
  isStaff,
  isSubscriptionExempt,
  hasSubscription,
  hasAllSubscriptions,
  isJapanClient,
  hidesJapanItems,
  planTier,
  planTierTooltipKey,
  PLAN_TOOLTIP_KEYS,
  ACTIONS,
  can,
  allowedActions,
} from './roles/index.ts';
export type {
  RequiredRole,
  InspectorFields,
  StaffFields,
  SubscriptionContext,
  JapanClientFields,
  PlanTooltipKey,
  Action,
  PermissionUser,
} from './roles/index.ts';

// --- api schemas (server helper) ---
export {
  fieldErrorSchema,
  errorBodySchema,
  bookedPipeSchema,
  idParamsSchema,
  gridSchema,
  emailRule,
  passwordRule,
  zipCodeRule,
  phoneRule,
  requiredText,
  API_ERROR_CODE,
} from './api/common.ts';
export type { FieldError, ErrorBody, IdParams, ApiErrorCode, BookedPipe } from './api/common.ts';
export { INT4_MAX, idField, idParam, bigIdField, bigIdParam } from './api/ids.ts';
export {
  languageSchema,
  countrySchema,
  subscriptionSchema,
  unitChoiceSchema,
  unitsSchema,
  userSettingsSchema,
  userClientSchema,
  userSchema,
  colleagueSchema,
  userOrColleagueSchema,
  userInformationPatchSchema,
  languageTimezoneSchema,
  languageTimezoneUpdateSchema,
  receiveEmailsSchema,
  applicationSettingsSchema,
  changePasswordSchema,
  clientUsersResponseSchema,
} from './api/user.ts';
export type {
  UnitChoice,
  Units,
  User,
  Colleague,
  UserInformationPatch,
  LanguageTimezone,
  LanguageTimezoneUpdate,
  ReceiveEmails,
  ApplicationSettings,
  ChangePassword,
  ClientUsersResponse,
} from './api/user.ts';
export {
  registerRequestSchema,
  registerResponseSchema,
  passwordResetRequestSchema,
  resetIdParamsSchema,
  forgotPasswordRequestSchema,
  contactUsRequestSchema,
} from './api/accounts.ts';
export type {
  RegisterRequest,
  RegisterResponse,
  PasswordResetRequest,
  ResetIdParams,
  ForgotPasswordRequest,
  ContactUsRequest,
} from './api/accounts.ts';
export * from './api/auth.ts';
export * from './api/client.ts';
export * from './api/system.ts';
export * from './api/demo-basemap.ts';
// --- datasets and imports (issue 3) ---
export {
  datasetOriginSchema,
  datasetAssetsSchema,
  DATASET_ASSET_KEYS,
  distributionMasterSchema,
  datasetStatusCodeSchema,
  refreshStatusSchema,
  snapshotTypeSchema,
  datasetSchema,
  snapshotGroupSchema,
  snapshotSchema,
  setCurrentSnapshotQuerySchema,
  datasetStatusEntrySchema,
  datasetStatusListSchema,
  setViewRequestSchema,
  setViewResponseSchema,
  datasetPropertySchema,
  tilePropertiesSchema,
  datasetCreateSchema,
  datasetUpdateSchema,
  datasetListSchema,
} from './api/datasets.ts';
export type {
  DatasetAssets,
  Dataset,
  SnapshotGroup,
  Snapshot,
  DatasetStatusEntry,
  SetViewRequest,
  DatasetProperty,
  TileProperties,
  DatasetUpdate,
} from './api/datasets.ts';
export {
  ANALYSIS_REASONS,
  LOF_ATTRIBUTE_PREFIX,
  LOF_BASE_FEATURES,
  ANALYSIS_STAGES,
  RUNNING_ANALYSIS_STAGES,
  analysisStageSchema,
  analysisRunSchema,
  analysisRunListSchema,
  analysisExecuteResponseSchema,
} from './api/analyses.ts';
export type {
  AnalysisReason,
  AnalysisStageName,
  AnalysisRun,
  AnalysisExecuteResponse,
} from './api/analyses.ts';
export {
  IMPORT_TYPE,
  importTypeSchema,
  ASSET_LAYER,
  assetLayerSchema,
  IMPORT_FORMAT,
  importFormatSchema,
  layerInfoSchema,
  uploadSchema,
  inspectRequestSchema,
  inspectResponseSchema,
  materialsRequestSchema,
  materialsResponseSchema,
  importAnswersSchema,
  importOptionsSchema,
  MATERIAL_COHORT_ATTR,
  problemTallySchema,
  topologyReportSchema,
  validationReportSchema,
  IMPORT_STATUS,
  IMPORT_WARNINGS,
  importItemSchema,
  importListSchema,
  importListQuerySchema,
} from './api/imports.ts';
export type {
  ImportType,
  AssetLayer,
  LayerInfo,
  Upload,
  InspectRequest,
  InspectResponse,
  MaterialsResponse,
  ImportAnswers,
  ImportOptions,
  TopologyReport,
  ValidationReport,
  ImportItem,
} from './api/imports.ts';
export type { TopologyEnd, TopologyExample, TopologyFinding } from './api/import-topology.ts';
// --- assets and analysis results (issue 4) ---
export * from './api/results-index.ts';
// --- saved filters (spec 000 §3, §7) ---
export {
  SAVED_FILTER_LAYER_GROUPS,
  savedFilterFiltersSchema,
  legacySavedFiltersSchema,
  savedFilterSchema,
  savedFilterCreateSchema,
  savedFilterUpdateSchema,
  savedFilterListSchema,
  normalizeSavedFilters,
} from './api/saved-filters.ts';
export type {
  SavedFilterFilters,
  SavedFilter,
  SavedFilterCreate,
  SavedFilterUpdate,
  SavedFilterList,
} from './api/saved-filters.ts';
// --- views (map views, tiers, filters; spec 000 §2–§5, §9) ---
// The map views' public surface is views/index.ts (one list, not two).
export * from './views/index.ts';
// --- exports ---
export {
  EXPORT_TYPES,
  MAX_HIDDEN_IDS,
  exportQuerySchema,
  exportBodySchema,
  exportResponseSchema,
} from './api/exports.ts';
export type { ExportType, ExportQuery, ExportBody, ExportResponse } from './api/exports.ts';
// --- geocode ---
export { geocodeQuerySchema, geocodeFeatureSchema, geocodeResponseSchema } from './api/geocode.ts';
export type { GeocodeQuery, GeocodeFeature, GeocodeResponse } from './api/geocode.ts';
// --- planner (spec 001; docs/api-planner.md) ---
export * from './planner/index.ts';
export * from './api/reports.ts';
export * from './api/cof-scenarios.ts';
export * from './cof/calculation.ts';
// --- virtual pipes (spec 001 §2, §3, §7; docs/api-virtual-pipes.md) ---
export * from './api/virtual-pipes.ts';
export * from './api/virtual-pipe-phase.ts';
// --- administration and export files (issue 17): every name of their API files
export * from './api/admin.ts';
export * from './api/two-factor.ts';
// --- API tokens for scripts (issue 42; docs/api-tokens.md)
export * from './api/tokens.ts';
// --- scheduled imports (issue 42; docs/api-scheduled-imports.md)
export * from './api/import-definitions.ts';
export * from './api/feedback.ts';
export * from './api/export-files.ts';
export * from './api/filtered-attributes.ts';
