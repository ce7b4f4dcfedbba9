// Time constants of spec 000 §9 (and 001 §9). Milliseconds unless the name says seconds.
export const SESSION = {
  lengthSeconds: 1800,
  warningSeconds: 120,
  refreshIntervalMs: 30_000,
  clockTickMs: 1_000,
} as const;

export const LANGUAGE_LOAD_FALLBACK_MS = 5_000;
export const NAV_REFRESH_HINT_MS = 10_000;
export const STATUS_POLL_MS = 10_000;
export const PROPERTY_GEOJSON_POLL_MS = 1_000;

export const DELAYS = {
  filterApplyMs: 333,
  filterRefreshAfterPaneOpenMs: 500,
  mapIdleMs: 500,
  retryMs: 3_300,
  fetchMs: 200,
  expansionClearMs: 333,
} as const;

/** Toast durations of spec §8/§9: 2, 3, 3.3 or 5 s. */
export const TOAST_MS = { short: 2_000, normal: 3_000, panel: 3_300, long: 5_000 } as const;
