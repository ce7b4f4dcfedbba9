// Test data of the COF scenarios feature: scenarios as the server sends them (snake_case), and viewers and users as
// the routes hand them over.
import { camelizeKeys } from '../../lib/case.ts';
import { testUser } from '../../test/user.ts';
import { cofViewer, type CofUser, type CofViewer } from './lib/viewer.ts';
import type { CofScenario, CostMaster } from './types.ts';

const tiers = (values: readonly number[]) => ({
  d1: values[0],
  d2: values[1],
  d3: values[2],
  d4: values[3],
  d5: values[4],
  d6: values[5],
});

/** One cost's three modes; standard on. Hydraulic and valve get their own values so a test can tell them apart. */
function costs(standard: readonly number[]) {
  return {
    standard_calculation: { enabled: true, ...tiers(standard) },
    hydraulic_calculation: { enabled: false, ...tiers(standard.map((v) => v * 3)) },
    valve_calculation: { enabled: false, ...tiers(standard.map((v) => v * 2)) },
  };
}

export const wireCostMaster = () => ({
  direct_cost: { intense_repair_road_type: costs([252, 300, 420, 495, 570, 675]) },
  indirect_cost: {
    customer_no_water: costs([2, 2, 2, 2, 2, 2]),
    critical_facilities: costs([500, 500, 500, 500, 500, 500]),
  },
});

export const costMaster = (): CostMaster => camelizeKeys<CostMaster>(wireCostMaster());

export function wireScenario(id: number | null, name: string, over: Record<string, unknown> = {}) {
  return {
    id,
    snapshot_id: id === null ? null : 7,
    name,
    enabled: false,
    type: 0,
    country: 'US',
    currency: 'USD',
    per_length_unit: 'ft',
    cost_master: wireCostMaster(),
    custom_cofs: [],
    parameters: { outage_hours: tiers([4, 6, 8, 12, 18, 24]), intense_road_types: ['arterial'] },
    runs: [{ dataset_id: 3, state: 'stale', analysis_id: 11, progress: null, stage: null }],
    created_at: id === null ? null : '2026-11-24T10:00:00.000Z',
    updated_at: id === null ? null : '2026-11-24T10:00:00.000Z',
    ...over,
  };
}

export const scenario = (id: number | null, name: string, over: Record<string, unknown> = {}) =>
  camelizeKeys<CofScenario>(wireScenario(id, name, over));

export const runs = {
  current: [{ dataset_id: 3, state: 'current', analysis_id: 12, progress: null, stage: null }],
  running: (progress: number) => [
    { dataset_id: 3, state: 'running', analysis_id: 12, progress, stage: 'cof' },
  ],
};

export function cofUser(overrides: Record<string, unknown> = {}): CofUser {
  return camelizeKeys<CofUser>(
    testUser({ subscriptions: ['COF', 'BRE', 'LOF', 'JOB_PLANNER'], ...overrides }),
  );
}

export const usUnits = { segment: 'ft', diameter: 'in', segment_large: 'mi' };
export const metricUnits = { segment: 'm', diameter: 'mm', segment_large: 'km' };

export function viewer(overrides: Record<string, unknown> = {}): CofViewer {
  return cofViewer(cofUser(overrides), 'en');
}

/** A user with the given units (testUser keeps them under units.user). */
export const withUnits = (user: typeof usUnits) => ({
  units: { language: 'en', default: user, user, currency_code: 'USD' },
});
