// Codes and enumerations of spec 000 §3/§4/§6 and 001 §3/§4.
export const PERMISSION_GROUP = {
  ADMINISTRATOR: 1,
  WORKER: 2,
  VIEWER: 3,
  SUPERADMIN: 4,
  INSPECTOR: 5,
} as const;
export type PermissionGroupCode = (typeof PERMISSION_GROUP)[keyof typeof PERMISSION_GROUP];

/** The role lookup of spec §6 (admin 1, worker 2, viewOnly 3). */
export const ROLE = { admin: 1, worker: 2, viewOnly: 3 } as const;

// CHECKLIST SUB-01 is a conflict: 000 §6 lists VIS, 001 leaves it out. We keep VIS (000's list): 001 does
// not use the VIS view, so listing it there costs nothing and the valve-isolation view needs it.
export const SUBSCRIPTIONS = ['COF', 'BRE', 'LOF', 'RUL', 'VP', 'POPULATION', 'JOB_PLANNER', 'VIS'] as const;
export type Subscription = (typeof SUBSCRIPTIONS)[number];

export const PLAN_TIER = { UNPAID: 1, PAID_BASE: 2, PAID_PRO: 3 } as const;
export type PlanTier = (typeof PLAN_TIER)[keyof typeof PLAN_TIER];

/** Not in the spec: our own codes for a client's contract state. */
export const CLIENT_STATUS = { ACTIVE: 1, TRIAL: 2, SUSPENDED: 3, TERMINATED: 4 } as const;
export type ClientStatusCode = (typeof CLIENT_STATUS)[keyof typeof CLIENT_STATUS];

export const DATASET_STATUS = {
  UNKNOWN: -1,
  COMPLETE: 0,
  COF_PENDING: 1,
  UNPROCESSED: 2,
  CANCELLED: 3,
  PREPROCESS: 4,
  WAITING: 5,
  TILING: 6,
} as const;
export type DatasetStatusCode = (typeof DATASET_STATUS)[keyof typeof DATASET_STATUS];

export const REFRESH_STATUS = ['NONE', 'LOF', 'TILES'] as const;
export type RefreshStatus = (typeof REFRESH_STATUS)[number];

export const SNAPSHOT_TYPE = ['ARCHIVE', 'CURRENT', 'PENDING', 'PROPOSED'] as const;
export type SnapshotType = (typeof SNAPSHOT_TYPE)[number];

export const DATA_ORIGIN = { PROVIDED: 0, IMPUTED: 1, OVERRIDDEN: 2 } as const;
export type DataOrigin = (typeof DATA_ORIGIN)[keyof typeof DATA_ORIGIN];

export const MATERIAL = {
  CAST_IRON: 0,
  STEEL: 1,
  DUCTILE_IRON: 2,
  ASBESTOS_CEMENT: 3,
  PLASTIC: 4,
  CONCRETE: 5,
  UNKNOWN: 6,
  OTHER: 7,
  PVC: 8,
  PEHDPE: 9,
  PCRC: 10,
} as const;
export type MaterialCode = (typeof MATERIAL)[keyof typeof MATERIAL];
/** Short labels in code order (spec 000 §3). */
export const MATERIAL_SHORT_LABELS = [
  'CAS',
  'SP',
  'DIP',
  'AC',
  'PLASTIC',
  'CON',
  'UNK',
  'OTH',
  'PVC',
  'PEHDPE',
  'PCRC',
] as const;

export const LOF_MONTHS = [12, 24, 36, 60] as const;
export type LofMonths = (typeof LOF_MONTHS)[number];
export const CUM_BREAK_STEPS = [20, 40, 60, 80, 100] as const;
export const SENTINEL_HIGH = 999_999_999;
export const SENTINEL_LOW = -999_999_999;
export const LOF_RANK_OUT_OF_RANGE = 333;
/**
 * The top risk tiers (issue 15): BRE levels 4 'high' and 5 'very high' of the levels 1–5 (001 §9, quintiles of the
 * dataset's pipes, the bre view's tiers). An area's or a segment's share of length in them tells apart areas whose
 * summed probability reads 100 % alike.
 */
export const TOP_RISK_MIN_LEVEL = 4;

export const SCENARIO_TYPE = { DEFAULT: 0, HYDRAULIC: 1, VALVE: 2 } as const;
export const VIRTUAL_PIPE_PHASE = { INIT: 0, FINALIZED: 1, MERGED: 2 } as const;
export const PLAN_RESULT = { SUCCESS: 1, LOW_BUDGET: 2, OUT_RANGED_PROJECT_SIZE: 3 } as const;
export const PROJECT_STATES = ['inProgress', 'inspecting', 'finished', 'delayed', 'closed'] as const;
