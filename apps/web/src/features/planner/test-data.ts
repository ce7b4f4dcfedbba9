// Test data of the planner feature: users as the route hands them over (camelCased) and wire records as the
// server sends them (snake_case).
import { camelizeKeys } from '../../lib/case.ts';
import { testUser } from '../../test/user.ts';
import type { PlannerUser } from './lib/viewer.ts';

export function plannerUser(overrides: Record<string, unknown> = {}): PlannerUser {
  return camelizeKeys<PlannerUser>(
    testUser({ subscriptions: ['JOB_PLANNER', 'LOF', 'COF', 'BRE'], ...overrides }),
  );
}

export const usUnits = { segment: 'ft', diameter: 'in', segment_large: 'mi' };

export function scenario(id: number, name: string, over: Record<string, unknown> = {}) {
  return {
    id,
    snapshot_id: 7,
    name,
    image_url: null,
    start_date: '2026-11-24',
    end_date: '2026-12-01',
    saved_filters: null,
    created_by: 7,
    created_at: '2026-11-24T10:00:00.000Z',
    updated_at: '2026-11-24T10:00:00.000Z',
    ...over,
  };
}

export const wireFilters = {
  active_pipe_layer_group: 'pipes',
  scalar_type: [{ key: 'material', values: [0] }],
  slider_type: [{ key: 'installYear', low_input: 1900, high_input: 1950 }],
  boundary_type: [],
};

export function savedFilter(id: number, scenarioId: number) {
  return {
    id,
    name: 'Job filters',
    snapshot_id: 7,
    job_planner_scenario: scenarioId,
    filters: wireFilters,
    lof_type: 'installYear',
    created_at: '2026-11-24T10:00:00.000Z',
    updated_at: '2026-11-24T10:00:00.000Z',
  };
}

export function project(id: number, over: Record<string, unknown> = {}) {
  return {
    id,
    dataset_id: 3,
    name: `Project ${id}`,
    description: '',
    start_date: '2026-11-24',
    end_date: '2026-12-01',
    budget: 50000,
    status: 0,
    project_area: null,
    has_image: false,
    manager_name: null,
    manager_email: null,
    inspector_name: null,
    inspector_email: null,
    manager_id: null,
    inspector_id: null,
    standard_repair_cost: { d1: 168, d2: 200, d3: 280, d4: 330, d5: 380, d6: 450 },
    repair_cost_unit: { currency: 'USD', per_length_unit: 'ft' },
    pipe_count: 2,
    total_length_m: 304.8,
    total_cost: 42000,
    uncosted_pipes: 1,
    project_lof: 12.5,
    total_risk_12: 3100,
    proposal_id: null,
    created_by: 7,
    created_at: '2026-11-24T10:00:00.000Z',
    updated_at: '2026-11-24T10:00:00.000Z',
    ...over,
  };
}

export function projectDetail(id: number, over: Record<string, unknown> = {}) {
  return {
    history: [],
    ...project(id, over),
    items: [
      {
        pipe_id: 11,
        native_pipe_id: 'P-11',
        length_m: 152.4,
        diameter_mm: 152.4,
        lof12: 0.1,
        total_risk_12: 2000,
        cost: 42000,
      },
      {
        pipe_id: 12,
        native_pipe_id: 'P-12',
        length_m: 152.4,
        diameter_mm: null,
        lof12: 0.03,
        total_risk_12: 1100,
        cost: null,
      },
    ],
  };
}

export const meta = (total: number, page = 1) => ({
  page,
  per_page: 5,
  total_results: total,
  total_pages: Math.max(1, Math.ceil(total / 5)),
});

export function plan(id: number, over: Record<string, unknown> = {}) {
  return {
    id,
    dataset_id: 3,
    name: `Plan ${id}`,
    state: 'done',
    result: 1,
    error: null,
    input: {
      budget: 100000,
      min_length_m: 152.4,
      max_length_m: 304.8,
      risk_criteria: 'lof',
      whole_snapshot: true,
      area: null,
      include_booked: false,
    },
    standard_repair_cost: { d1: 168, d2: 200, d3: 280, d4: 330, d5: 380, d6: 450 },
    repair_cost_unit: { currency: 'USD', per_length_unit: 'ft' },
    explanation: {
      cheapest_project_cost: null,
      longest_run_m: null,
      pipes_considered: 3000,
      pipes_uncosted: 0,
      candidates: 40,
      pipes_booked: 0,
    },
    proposal_count: 2,
    total_cost: 96000,
    risk_removed: 1.84,
    greedy_risk_removed: 1.6,
    optimality_gap: 0.004,
    solve_ms: 2300,
    created_by: 7,
    created_at: '2026-11-24T10:00:00.000Z',
    ...over,
  };
}

export function proposal(id: number, rank: number, over: Record<string, unknown> = {}) {
  return {
    id,
    plan_id: 41,
    rank,
    pipe_ids: [id * 10, id * 10 + 1],
    length_m: 250,
    cost: 48000,
    risk: 0.92,
    project_lof: 61.2,
    geometry: {
      type: 'MultiLineString',
      coordinates: [
        [
          [13.4, 52.5],
          [13.41, 52.51],
        ],
      ],
    },
    project_id: null,
    booked: [],
    ...over,
  };
}

/** A finished renewal programme as GET /api/programmes/{id} sends it (issue 39): two scenarios over three years. */
export function programme(id: number, over: Record<string, unknown> = {}) {
  const year = (y: number, k: number, s: number) => ({
    year: y,
    budget: 1_000_000 * (s + 1),
    carried_in: 0,
    spend: 950_000 * (s + 1),
    expected_breaks: 42.5 - k * (s + 1),
    expected_breaks_low: 30.1 - k,
    expected_breaks_high: 55.2 - k,
    bre: 2_400_000 - k * 100_000,
    length_renewed_m: 1500 * (s + 1),
    pipes_renewed: 12 * (s + 1),
    projects: 3 + s,
    mean_age: 41.2 + k,
    p90_age: 78.4 + k,
    share_past_rul: 0.123 + k / 100,
  });
  return {
    id,
    dataset_id: 3,
    name: `Programme ${id} (2026–2028)`,
    state: 'done',
    progress: 1,
    error: null,
    start_year: 2026,
    horizon_years: 3,
    strategy: 'risk',
    currency: 'USD',
    cof_scenario: { id: 4, name: 'Hospitals first' },
    analysis_id: 9,
    created_at: '2026-11-24T10:00:00.000Z',
    finished_at: '2026-11-24T10:00:05.000Z',
    scenarios: ['Flat', 'Rising'].map((name, s) => ({
      name,
      yearly_budget: [1_000_000, 1_000_000, 1_000_000],
      years: [2026, 2027, 2028].map((y, k) => year(y, k, s)),
    })),
    hold_flat_budget: 1_250_000,
    todays_breaks: 42.5,
    assumptions: {
      scored_as_of_year: 2025,
      lof_source: 'utility',
      ageing_exponents: { '1': 1.4 },
      pooled_ageing_exponent: 1.3,
      min_age_years: 1,
      replacement: { small_material: 8, large_material: 2, large_from_mm: 400 },
      new_pipe_rates: [
        { material: 8, rate_per_km: 0.02, source: 'utility', young_km: 12.5 },
        { material: 2, rate_per_km: 0.03, source: 'published', young_km: 0.4 },
      ],
      breaks_per_year_on_record: [38, 44, 41],
      dispersion: 1.8,
      pipes_uncosted: 7,
      pipes_booked: 2,
      pipes: 3000,
      per_length_unit: 'm',
      min_length_m: 150,
      max_length_m: 300,
    },
    ...over,
  };
}

export const programmeSummary = (id: number, over: Record<string, unknown> = {}) => {
  const { scenarios: _s, assumptions: _a, ...rest } = programme(id, over);
  return rest;
};
