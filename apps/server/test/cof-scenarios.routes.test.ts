// COF scenarios of docs/api-cof.md (spec 001 §3/§4/§7/§9; COF-API-01..04, COF-ENT-*, COF-TYPE-*) on both
// backends: country defaults, create as a copy, edit the cost master (type rule) and custom COFs, one enabled per
// group, the COF re-runs a change queues, validation, roles, subscription and tenancy. The re-run itself (copy,
// re-price, swap) is proven on a real analysis in analysis.job.test.ts.
import {
  cofScenarioListSchema,
  cofScenarioSchema,
  SCENARIO_TYPE,
  type CofScenarioDto,
} from '@pipewise/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { withSystem } from '../src/db/database.ts';
import { buildAnalysisFixture, type AnalysisFixture } from './helpers/analysis-fixture.ts';
import { ADMIN, forEachBackend, GUEST, JP_ADMIN, VIEWER, WORKER, type Harness } from './helpers/harness.ts';
import { plannerCall as asUser, setSubscriptions } from './helpers/planner.ts';

const rows = async (h: Harness, q: ReturnType<typeof sql>) =>
  withSystem(h.database.db, async (tx) => (await tx.execute(q)).rows as Record<string, unknown>[]);

type Master = CofScenarioDto['cost_master'];
/** 001 §4 from the web's side: the chosen mode on, the other two off, for both indirect costs. */
function choose(master: Master, mode: 'standard' | 'hydraulic' | 'valve'): Master {
  const pick = (c: Master['indirect_cost']['customer_no_water']) => ({
    standard_calculation: { ...c.standard_calculation, enabled: mode === 'standard' },
    hydraulic_calculation: { ...c.hydraulic_calculation, enabled: mode === 'hydraulic' },
    valve_calculation: { ...c.valve_calculation, enabled: mode === 'valve' },
  });
  return {
    ...master,
    indirect_cost: {
      customer_no_water: pick(master.indirect_cost.customer_no_water),
      critical_facilities: pick(master.indirect_cost.critical_facilities),
    },
  };
}

forEachBackend('COF scenario routes', (h) => {
  let us: AnalysisFixture;
  let jp: AnalysisFixture;
  const call = asUser(h);
  const create = async (body: Record<string, unknown> = {}) => {
    const res = await call('POST', '/api/cof-scenarios', ADMIN, { snapshot_id: us.groupId, ...body });
    expect(res.statusCode, res.body).toBe(201);
    return cofScenarioSchema.parse(res.json());
  };
  const runsOf = (datasetId: number) =>
    rows(
      h,
      sql`SELECT id, stage, reason FROM analyses WHERE dataset_id = ${datasetId} AND reason = 'cof_scenario' ORDER BY id`,
    );

  const datasetOf = async () => {
    const groups = (await call('GET', '/api/snapshot-groups', VIEWER)).json() as {
      datasets: { id: number; scenario: string | null; cof_scenario: unknown }[];
    }[];
    return groups.flatMap((g) => g.datasets).find((d) => d.id === us.datasetId)!;
  };
  const subBarScenario = async () => (await datasetOf()).scenario;
  /** What the COF stage of a finished re-run writes on the served analysis (the swap is analysis.job.test.ts's). */
  const serve = (scenarioId: number | null, name: string) =>
    rows(
      h,
      sql`UPDATE analyses SET cof_scenario_id = ${scenarioId},
            cof_summary = cof_summary || jsonb_build_object('scenarioName', ${name}::text)
          WHERE id = (SELECT analysis_id FROM datasets WHERE id = ${us.datasetId})`,
    );

  beforeAll(async () => {
    us = await buildAnalysisFixture(h.database.db, { clientId: 1 });
    jp = await buildAnalysisFixture(h.database.db, { clientId: 2, analysis: false });
  });

  it("serves each country's default: the spec's repair rates in USD/ft, converted for JP and EU (COF-API-01)", async () => {
    const us$ = await call('GET', '/api/cof-scenarios/defaults', VIEWER);
    expect(us$.statusCode, us$.body).toBe(200);
    const [def] = us$.json().cof_scenarios as CofScenarioDto[];
    expect(def).toMatchObject({ id: null, name: 'Default (USD)', currency: 'USD', per_length_unit: 'ft' });
    expect(def!.type).toBe(SCENARIO_TYPE.DEFAULT);
    expect(def!.parameters['standard_repair_cost']).toEqual({
      d1: 168,
      d2: 200,
      d3: 280,
      d4: 330,
      d5: 380,
      d6: 450,
    });
    const jpy = (await call('GET', '/api/cof-scenarios/defaults?country=JP', VIEWER)).json().cof_scenarios[0];
    // 168 USD/ft × 150 JPY/USD ÷ 0.3048 m/ft = 82,677 → three figures.
    expect(jpy).toMatchObject({ currency: 'JPY', per_length_unit: 'm' });
    expect(jpy.parameters.standard_repair_cost.d1).toBe(82_700);
  });

  it('lists none for a new group, with the country default in force (COF-API-02)', async () => {
    const res = await call('GET', `/api/cof-scenarios?snapshot_id=${us.groupId}`, VIEWER);
    expect(res.statusCode, res.body).toBe(200);
    const list = cofScenarioListSchema.parse(res.json());
    expect(list.cof_scenarios).toEqual([]);
    expect(list.default_scenario).toMatchObject({ id: null, enabled: true, name: 'Default (USD)' });
    // The fixture's served analysis was priced with the default: its figures are current.
    expect(list.default_scenario.runs).toEqual([
      { dataset_id: us.datasetId, state: 'current', analysis_id: us.analysisId, progress: null, stage: null },
    ]);
  });

  it('creates a disabled copy of the default or of another scenario (COF-ENT-01..04)', async () => {
    const first = await create();
    expect(first).toMatchObject({
      name: 'COF scenario 1 (USD)',
      enabled: false,
      snapshot_id: us.groupId,
      custom_cofs: [],
    });
    const calc = first.cost_master.indirect_cost.critical_facilities;
    expect(Object.keys(calc).sort()).toEqual([
      'hydraulic_calculation',
      'standard_calculation',
      'valve_calculation',
    ]);
    expect(Object.keys(calc.valve_calculation).sort()).toEqual([
      'd1',
      'd2',
      'd3',
      'd4',
      'd5',
      'd6',
      'enabled',
    ]);
    const changed = choose(first.cost_master, 'valve');
    changed.direct_cost.intense_repair_road_type.standard_calculation.d3 = 999;
    expect(
      (await call('PATCH', `/api/cof-scenarios/${first.id}`, ADMIN, { cost_master: changed })).statusCode,
    ).toBe(200);
    const copy = await create({ copy_of: first.id, name: 'Valve copy' });
    expect(copy.name).toBe('Valve copy');
    expect(copy.type).toBe(SCENARIO_TYPE.VALVE);
    expect(copy.cost_master.direct_cost.intense_repair_road_type.standard_calculation.d3).toBe(999);
    const foreign = await call('POST', '/api/cof-scenarios', JP_ADMIN, {
      snapshot_id: jp.groupId,
      copy_of: first.id,
    });
    expect(foreign.statusCode).toBe(404);
    // Creating does not touch the figures: nothing is re-run.
    expect(await runsOf(us.datasetId)).toEqual([]);
  });

  it('derives the type from the modes: hydraulic, else valve, else default (COF-TYPE-01, -03)', async () => {
    const s = await create();
    const patch = (m: Master) => call('PATCH', `/api/cof-scenarios/${s.id}`, ADMIN, { cost_master: m });
    expect((await patch(choose(s.cost_master, 'hydraulic'))).json().type).toBe(SCENARIO_TYPE.HYDRAULIC);
    expect((await patch(choose(s.cost_master, 'valve'))).json().type).toBe(SCENARIO_TYPE.VALVE);
    const back = (await patch(choose(s.cost_master, 'standard'))).json();
    expect(back.type).toBe(SCENARIO_TYPE.DEFAULT);
    expect(back.cost_master.indirect_cost.customer_no_water.valve_calculation.enabled).toBe(false);
  });

  it('enables one scenario per group and re-runs COF and BRE of its analysed dataset; later changes supersede', async () => {
    const a = await create({ name: 'A' });
    const b = await create({ name: 'B' });
    const on = await call('PATCH', `/api/cof-scenarios/${a.id}`, ADMIN, { enabled: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().runs).toEqual([
      expect.objectContaining({ dataset_id: us.datasetId, state: 'running', stage: 'queued' }),
    ]);
    const firstRuns = await runsOf(us.datasetId);
    expect(firstRuns).toEqual([expect.objectContaining({ stage: 'queued', reason: 'cof_scenario' })]);

    expect((await call('PATCH', `/api/cof-scenarios/${b.id}`, ADMIN, { enabled: true })).statusCode).toBe(
      200,
    );
    const list = cofScenarioListSchema.parse(
      (await call('GET', `/api/cof-scenarios?snapshot_id=${us.groupId}`, VIEWER)).json(),
    );
    expect(list.cof_scenarios.filter((s) => s.enabled).map((s) => s.name)).toEqual(['B']);
    expect(list.default_scenario.enabled).toBe(false);
    // Issue 38: the sub-bar names the cost model of the results on screen — still the default until the re-run
    // swaps B's in — with its currency, then B, by its name of today.
    expect(await subBarScenario()).toBeNull();
    expect((await datasetOf()).cof_scenario).toEqual({ id: null, name: 'Default (US)', currency: 'USD' });
    await serve(b.id, 'B');
    expect(await subBarScenario()).toBe('B');
    expect((await datasetOf()).cof_scenario).toEqual({ id: b.id, name: 'B', currency: 'USD' });
    // The disabled scenario's figures are neither current nor being made.
    expect(list.cof_scenarios.find((s) => s.id === a.id)!.runs[0]!.state).toBe('stale');
    const runs = await runsOf(us.datasetId);
    expect(runs.map((r) => r['stage'])).toEqual(['cancelled', 'queued']);

    // Renaming changes no figure, only the name shown; a cost change of a disabled scenario neither.
    await call('PATCH', `/api/cof-scenarios/${b.id}`, ADMIN, { name: 'B renamed' });
    expect(await subBarScenario()).toBe('B renamed');
    await call('PATCH', `/api/cof-scenarios/${a.id}`, ADMIN, { cost_master: choose(a.cost_master, 'valve') });
    expect((await runsOf(us.datasetId)).length).toBe(2);

    // Deleting the enabled one hands over to the country default: re-run again.
    expect((await call('DELETE', `/api/cof-scenarios/${b.id}`, ADMIN)).statusCode).toBe(204);
    expect((await runsOf(us.datasetId)).map((r) => r['stage'])).toEqual(['cancelled', 'cancelled', 'queued']);
    expect((await call('GET', `/api/cof-scenarios/${b.id}`, ADMIN)).statusCode).toBe(404);
    // The results on screen were still computed under B (by the name they were made with) until the re-run.
    expect(await subBarScenario()).toBe('B');
    await serve(null, 'Default (US)');
    expect(await subBarScenario()).toBeNull();
  });

  it('keeps the custom COFs, checking ids and layer areas (COF-API-04)', async () => {
    const s = await create();
    const url = `/api/cof-scenarios/${s.id}/custom-cofs`;
    const river = {
      id: 1,
      name: 'River crossing',
      enabled: true,
      rule: { kind: 'layer', layer: 'mesh', area_ids: [us.areas['M1']] },
      amount: 25_000,
    };
    const cast = {
      id: 2,
      name: 'Old cast iron',
      enabled: false,
      rule: { kind: 'attribute', attribute: 'install_year', min: null, max: 1950 },
      amount: 1_000,
    };
    const ok = await call('PATCH', url, ADMIN, { custom_cofs: [river, cast] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await call('GET', url, VIEWER)).json()).toEqual({ custom_cofs: [river, cast] });

    const twice = await call('PATCH', url, ADMIN, { custom_cofs: [river, { ...cast, id: 1 }] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().fields).toEqual([expect.objectContaining({ field: 'custom_cofs.1.id' })]);
    const district = { ...river, rule: { ...river.rule, layer: 'district' } };
    const wrongLayer = await call('PATCH', url, ADMIN, { custom_cofs: [district] });
    expect(wrongLayer.statusCode).toBe(400);
    expect(wrongLayer.json().fields[0].field).toBe('custom_cofs.0.rule.area_ids');
    const negative = await call('PATCH', url, ADMIN, { custom_cofs: [{ ...river, amount: -1 }] });
    expect(negative.statusCode).toBe(400);
  });

  it('refuses a negative or missing tier value, naming the field', async () => {
    const s = await create();
    const bad = structuredClone(s.cost_master) as Record<string, unknown> & Master;
    bad.indirect_cost.customer_no_water.standard_calculation.d3 = -5;
    const res = await call('PATCH', `/api/cof-scenarios/${s.id}`, ADMIN, { cost_master: bad });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().fields)).toContain('d3');
  });

  it('lets viewers read; only administrators write; the demo guest never (TBD-04, TBD-05)', async () => {
    const s = await create();
    expect((await call('GET', `/api/cof-scenarios/${s.id}`, VIEWER)).statusCode).toBe(200);
    for (const email of [WORKER, VIEWER]) {
      const res = await call('PATCH', `/api/cof-scenarios/${s.id}`, email, { name: 'x' });
      expect(res.statusCode).toBe(403);
    }
    const guest = await call('POST', '/api/cof-scenarios', GUEST, { snapshot_id: us.groupId });
    expect(guest.statusCode).toBe(403);
    expect(guest.json().code).toBe('DEMO_READ_ONLY');
  });

  it("answers 404 for another client's scenario or group, 403 without the COF subscription", async () => {
    const s = await create();
    expect((await call('GET', `/api/cof-scenarios/${s.id}`, JP_ADMIN)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/cof-scenarios/${s.id}`, JP_ADMIN)).statusCode).toBe(404);
    expect((await call('GET', `/api/cof-scenarios?snapshot_id=${us.groupId}`, JP_ADMIN)).statusCode).toBe(
      404,
    );
    await setSubscriptions(h, 1, ['LOF', 'JOB_PLANNER']);
    try {
      const res = await call('GET', `/api/cof-scenarios?snapshot_id=${us.groupId}`, VIEWER);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/COF subscription/);
    } finally {
      await setSubscriptions(h, 1, ['COF', 'BRE', 'LOF', 'RUL', 'VP', 'POPULATION', 'JOB_PLANNER', 'VIS']);
    }
  });
});
