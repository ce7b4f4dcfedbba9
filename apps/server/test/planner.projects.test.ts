// Projects of docs/api-planner.md (spec 001 §3–§9; PLAN-PRJ-*, PLAN-LIST-*, PLAN-API-01/02, TBD-04/13/14) on both
// backends: create from ids or a drawn area, totals against the fixture's rows, paging, status transitions by
// role, downloads, tenancy and the demo account.
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  PLANNER_PAGE_SIZE,
  projectDetailSchema,
  projectGeometryListSchema,
  projectListSchema,
  type ProjectDetail,
} from '@pipewise/domain';
import { withSystem } from '../src/db/database.ts';
import { buildAnalysisFixture, type AnalysisFixture } from './helpers/analysis-fixture.ts';
import {
  ADMIN,
  forEachBackend,
  GUEST,
  INSPECTOR,
  JP_ADMIN,
  VIEWER,
  WORKER,
  type Harness,
} from './helpers/harness.ts';
import { clearProjects, plannerCall, setSubscriptions } from './helpers/planner.ts';

type Row = Record<string, unknown>;
const rows = async (h: Harness, q: ReturnType<typeof sql>) =>
  withSystem(h.database.db, async (tx) => (await tx.execute(q)).rows as Row[]);

const X = 139.93;
const Y = 37.495;
/** A WKT rectangle over the fixture's pipes between two x offsets (pipe i spans X + i/1000 … X + (i+1)/1000). */
const box = (x0: number, x1: number) =>
  `POLYGON((${X + x0} ${Y - 0.001}, ${X + x1} ${Y - 0.001}, ${X + x1} ${Y + 0.001}, ${X + x0} ${Y + 0.001}, ${X + x0} ${Y - 0.001}))`;
/** A 1×1 PNG. */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/**
 * US default rates (USD per foot, spec 001 §9) and each fixture pipe's tier by hand: P1 150 mm = 5.9 in → d2,
 * P2 (imputed 100 mm = 3.9 in) → d1, P10 200 mm = 7.9 in → d2, Q1 300 mm = 11.8 in → d3.
 */
const RATES = { d1: 168, d2: 200, d3: 280, d4: 330, d5: 380, d6: 450 };
const TIER: Record<string, keyof typeof RATES> = { P1: 'd2', P2: 'd1', P10: 'd2', Q1: 'd3' };

forEachBackend('project routes', (h) => {
  let us: AnalysisFixture;
  let other: AnalysisFixture;
  let jp: AnalysisFixture;
  const call = plannerCall(h);
  const userId = async (email: string) =>
    Number((await rows(h, sql`SELECT id FROM users WHERE email = ${email}`))[0]!['id']);
  const create = async (body: Record<string, unknown>, email = WORKER, f = us) => {
    const res = await call('POST', '/api/projects', email, {
      dataset_id: f.datasetId,
      name: 'Main St renewal',
      start_date: '2027-04-01',
      end_date: '2027-05-01',
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return projectDetailSchema.parse(res.json()) as ProjectDetail;
  };

  beforeAll(async () => {
    us = await buildAnalysisFixture(h.database.db, { clientId: 1 });
    other = await buildAnalysisFixture(h.database.db, { clientId: 1, name: 'Other mains' });
    jp = await buildAnalysisFixture(h.database.db, { clientId: 2 });
    await setSubscriptions(h, 2, ['LOF', 'JOB_PLANNER']);
    // Q1 of the second dataset is abandoned: a drawn area must leave it out.
    await withSystem(h.database.db, (tx) =>
      tx.execute(sql`UPDATE pipes SET abandoned = true WHERE id = ${other.pipes['Q1']!}`),
    );
  });

  afterEach(() => clearProjects(h));

  it('answers the client country defaults for a new project', async () => {
    const res = await call('GET', `/api/projects/defaults?dataset_id=${us.datasetId}`, VIEWER);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      standard_repair_cost: RATES,
      repair_cost_unit: { currency: 'USD', per_length_unit: 'ft' },
    });
  });

  it('creates a project from pipe ids with items and totals computed from the fixture (PLAN-PRJ-07, -09)', async () => {
    const names = ['P1', 'P2', 'P10', 'Q1'];
    const made = await create({
      pipe_ids: names.map((n) => us.pipes[n]!),
      budget: 250_000,
      description: 'All of it',
      manager_name: 'Maria Manager',
      manager_email: 'maria@example.com',
    });
    const fixture = await rows(
      h,
      sql`SELECT p.native_pipe_id, p.length_m, pr.lof_12, pr.bre FROM pipes p
          JOIN pipe_results pr ON pr.pipe_id = p.id AND pr.analysis_id = ${us.analysisId}
          WHERE p.dataset_id = ${us.datasetId}`,
    );
    const byName = new Map(fixture.map((r) => [String(r['native_pipe_id']), r]));
    const cost = (n: string) => (RATES[TIER[n]!] * Number(byName.get(n)!['length_m'])) / 0.3048;
    const lof = names.map((n) => Number(byName.get(n)!['lof_12']));
    const bre = names.map((n) => Number(byName.get(n)!['bre']));
    expect(made.items.map((i) => i.native_pipe_id).sort()).toEqual([...names].sort());
    for (const item of made.items) expect(item.cost).toBeCloseTo(cost(item.native_pipe_id), 6);
    expect(made.items.find((i) => i.native_pipe_id === 'P2')!.diameter_mm).toBe(100);
    expect(made).toMatchObject({
      status: 0,
      budget: 250_000,
      pipe_count: 4,
      uncosted_pipes: 0,
      manager_name: 'Maria Manager',
      standard_repair_cost: RATES,
      repair_cost_unit: { currency: 'USD', per_length_unit: 'ft' },
      has_image: false,
      proposal_id: null,
    });
    expect(made.total_length_m).toBeCloseTo(88 + 90 + 91 + 92, 9);
    expect(made.total_cost).toBeCloseTo(
      names.reduce((s, n) => s + cost(n), 0),
      6,
    );
    expect(made.project_lof).toBeCloseTo(100 * (1 - lof.reduce((p, l) => p * (1 - l), 1)), 4);
    expect(made.total_risk_12).toBeCloseTo(
      bre.reduce((s, b) => s + b, 0),
      3,
    );
    const got = await call('GET', `/api/projects/${made.id}`, VIEWER);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(made);
  });

  it('takes the pipes in service inside a drawn area when no ids are sent', async () => {
    const made = await create({ project_area: box(2.5e-3, 4.5e-3) }, WORKER, other);
    expect(made.items.map((i) => i.native_pipe_id)).toEqual(['P10']);
    expect(made.project_area).toMatch(/^MULTIPOLYGON\(\(\(/);
    const empty = await call('POST', '/api/projects', WORKER, {
      dataset_id: us.datasetId,
      name: 'Nothing here',
      start_date: '2027-04-01',
      end_date: '2027-05-01',
      project_area: box(10e-3, 11e-3),
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields[0].field).toBe('pipe_ids');
  });

  it('refuses bad fields with a 400 naming them (TBD-13)', async () => {
    const base = { dataset_id: us.datasetId, name: 'x', start_date: '2027-04-01', end_date: '2027-05-01' };
    const field = async (body: Record<string, unknown>) => {
      const res = await call('POST', '/api/projects', WORKER, {
        ...base,
        pipe_ids: [us.pipes['P1']],
        ...body,
      });
      expect(res.statusCode, res.body).toBe(400);
      return (res.json().fields as { field: string }[]).map((f) => f.field);
    };
    expect(await field({ end_date: '2027-04-01' })).toEqual(['end_date']);
    expect(await field({ pipe_ids: [jp.pipes['P1']] })).toEqual(['pipe_ids']);
    expect(await field({ pipe_ids: [] })).toEqual(['pipe_ids']);
    expect(await field({ manager_id: 5 })).toEqual(['manager_id']);
    expect(await field({ project_area: 'POLYGON((0 0, 1 1))' })).toEqual(['project_area']);
    expect(await field({ manager_email: 'not-an-email' })).toEqual(['manager_email']);
    expect(await field({ name: '' })).toEqual(['name']);
  });

  it('lists 5 per page newest first with totals, and sorts (PLAN-LIST-01, -03, PLAN-API-02)', async () => {
    const f = await buildAnalysisFixture(h.database.db, { clientId: 1, name: 'Paged' });
    const made: ProjectDetail[] = [];
    for (let i = 0; i < 7; i++) {
      made.push(
        await create(
          {
            name: `Project ${String.fromCharCode(71 - i)}`,
            pipe_ids: [f.pipes['P1']!],
            // One pipe, seven projects: all but the newest closed, as one pipe is in one active project at most.
            status: i < 6 ? 4 : 0,
            start_date: `2027-0${i + 1}-01`,
            end_date: '2027-12-01',
          },
          WORKER,
          f,
        ),
      );
    }
    const page = async (query: string) => {
      const res = await call('GET', `/api/projects?dataset_id=${f.datasetId}&${query}`, VIEWER);
      expect(res.statusCode, res.body).toBe(200);
      return projectListSchema.parse(res.json());
    };
    const first = await page('page=1');
    expect(first.projects.map((p) => p.id)).toEqual(
      made
        .slice(2)
        .reverse()
        .map((p) => p.id),
    );
    expect(first.meta).toEqual({ page: 1, per_page: PLANNER_PAGE_SIZE, total_results: 7, total_pages: 2 });
    expect(first.projects[0]).toMatchObject({ pipe_count: 1, total_length_m: 88 });
    expect((await page('page=2&per_page=5&sort%5B%5D=-id')).projects.map((p) => p.id)).toEqual([
      made[1]!.id,
      made[0]!.id,
    ]);
    expect((await page('sort=name&per_page=3')).projects.map((p) => p.name)).toEqual([
      'Project A',
      'Project B',
      'Project C',
    ]);
    expect((await page('sort[]=start_date&per_page=2')).projects.map((p) => p.id)).toEqual([
      made[0]!.id,
      made[1]!.id,
    ]);
    const bad = await call('GET', `/api/projects?dataset_id=${f.datasetId}&sort=-budget`, VIEWER);
    expect(bad.statusCode).toBe(400);
    const geometry = await call('GET', `/api/projects/geometry?dataset_id=${f.datasetId}`, VIEWER);
    const listed = projectGeometryListSchema.parse(geometry.json()).projects;
    expect(listed).toHaveLength(7);
    expect(listed[0]).toMatchObject({ id: made[6]!.id, pipe_ids: [f.pipes['P1']], area: null, status: 0 });
    // Issue 36: where its pipes are, so a project without a drawn area can still be zoomed to and printed.
    const [w, south, e, north] = listed[0]!.pipes_bbox!;
    expect([w, south, e, north].map((v) => Math.round(v * 1e6) / 1e6)).toEqual([X, Y, X + 0.001, Y]);
  });

  it('changes fields and pipes, and deletes', async () => {
    const made = await create({ pipe_ids: [us.pipes['P1']!] });
    const res = await call('PATCH', `/api/projects/${made.id}`, WORKER, {
      name: 'Renamed',
      pipe_ids: [us.pipes['P10']!, us.pipes['Q1']!],
      end_date: '2027-06-01',
      project_area: box(2e-3, 4e-3),
      standard_repair_cost: { ...RATES, d2: 100 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = projectDetailSchema.parse(res.json());
    expect(after).toMatchObject({ name: 'Renamed', end_date: '2027-06-01', pipe_count: 2 });
    expect(after.items.find((i) => i.native_pipe_id === 'P10')!.cost).toBeCloseTo((100 * 91) / 0.3048, 6);
    const backwards = await call('PATCH', `/api/projects/${made.id}`, WORKER, { start_date: '2027-07-01' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fields[0].field).toBe('end_date');
    expect((await call('DELETE', `/api/projects/${made.id}`, WORKER)).statusCode).toBe(204);
    expect((await call('GET', `/api/projects/${made.id}`, WORKER)).statusCode).toBe(404);
    expect(await rows(h, sql`SELECT * FROM project_pipes WHERE project_id = ${made.id}`)).toEqual([]);
  });

  describe('status transitions (TBD-14)', () => {
    let inspectorId: number;
    beforeAll(async () => {
      inspectorId = await userId(INSPECTOR);
      // The seeded inspector's primary group is worker; as a viewer only its assignment lets it act.
      await withSystem(h.database.db, (tx) =>
        tx.execute(sql`UPDATE users SET permission_group_type_code = 3 WHERE id = ${inspectorId}`),
      );
    });
    const status = async (id: number, email: string, to: number) =>
      call('PATCH', `/api/projects/${id}`, email, { status: to });

    it('lets planners move along the listed transitions only', async () => {
      const p = await create({ pipe_ids: [us.pipes['P1']!] });
      expect((await status(p.id, WORKER, 2)).statusCode).toBe(400); // inProgress → finished: not listed
      expect((await status(p.id, WORKER, 3)).json().status).toBe(3); // → delayed
      expect((await status(p.id, WORKER, 0)).json().status).toBe(0); // → inProgress
      expect((await status(p.id, VIEWER, 1)).statusCode).toBe(403);
      expect((await status(p.id, WORKER, 1)).json().status).toBe(1); // → inspecting
      expect((await status(p.id, WORKER, 2)).json().status).toBe(2); // → finished
      expect((await status(p.id, WORKER, 4)).json().status).toBe(4); // → closed
      const reopen = await status(p.id, WORKER, 0);
      expect(reopen.statusCode).toBe(403); // only an administrator reopens
      expect((await status(p.id, ADMIN, 0)).json().status).toBe(0);
    });

    it('lets the assigned inspector decide the inspection, and nothing else', async () => {
      const p = await create({
        pipe_ids: [us.pipes['P1']!],
        inspector_id: inspectorId,
        inspector_name: 'Ivy',
      });
      const unassigned = await create({ pipe_ids: [us.pipes['P2']!] });
      expect((await status(p.id, INSPECTOR, 1)).statusCode).toBe(403); // inProgress → inspecting is the planners'
      expect((await status(p.id, WORKER, 1)).statusCode).toBe(200);
      expect((await call('PATCH', `/api/projects/${p.id}`, INSPECTOR, { name: 'Mine now' })).statusCode).toBe(
        403,
      );
      expect(
        (await call('PATCH', `/api/projects/${p.id}`, INSPECTOR, { status: 2, name: 'x' })).statusCode,
      ).toBe(403);
      expect((await status(p.id, INSPECTOR, 2)).json().status).toBe(2); // inspecting → finished
      await status(unassigned.id, WORKER, 1);
      expect((await status(unassigned.id, INSPECTOR, 2)).statusCode).toBe(403);
      expect((await call('DELETE', `/api/projects/${p.id}`, INSPECTOR)).statusCode).toBe(403);
    });
  });

  it('stores the image and serves its bytes', async () => {
    const p = await create({ pipe_ids: [us.pipes['P1']!], image: `data:image/png;base64,${PNG}` });
    expect(p.has_image).toBe(true);
    const res = await call('GET', `/api/projects/${p.id}/image`, VIEWER);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(Buffer.from(PNG, 'base64'))).toBe(true);
    const none = await create({ pipe_ids: [us.pipes['P2']!] });
    expect((await call('GET', `/api/projects/${none.id}/image`, VIEWER)).statusCode).toBe(404);
  });

  it("downloads the project's pipes as CSV and GeoJSON", async () => {
    const p = await create({ name: 'Export me', pipe_ids: [us.pipes['P1']!, us.pipes['P2']!] });
    const csv = await call('GET', `/api/projects/${p.id}/pipes.csv`, VIEWER);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="project-${p.id}-pipes.csv"`);
    // Issue 36: a heading a council can read, then the pipes in the user's units (the seeded viewer is US: ft, in).
    const [heading, table] = csv.body.replace(/^\uFEFF/, '').split('\r\n\r\n');
    const meta = Object.fromEntries(
      heading!.split('\r\n').map((l) => [l.slice(0, l.indexOf(',')), l.slice(l.indexOf(',') + 1)]),
    );
    expect(meta).toMatchObject({
      Project: 'Export me',
      'COF scenario': 'Country default',
      Units: '"length ft, diameter in, money USD"',
      Pipes: '2',
      'Total repair cost (USD)': String(Math.round(p.total_cost)),
    });
    expect(meta['Dataset']).not.toBe('');
    expect(meta['Exported']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \(.+\)$/);
    const [header, ...lines] = table!.trimEnd().split('\r\n');
    expect(header).toBe(
      'native_pipe_id,material,diameter_in,install_year,length_ft,address,lof_12_percent,cof_USD,bre_USD,repair_cost_USD',
    );
    const records = lines.map((l) =>
      Object.fromEntries(header!.split(',').map((k, i) => [k, l.split(',')[i]])),
    );
    expect(records.map((r) => r['native_pipe_id'])).toEqual(['P1', 'P2']);
    expect(records[0]).toMatchObject({
      diameter_in: '5.91',
      length_ft: '288.71',
      lof_12_percent: String(Math.round(p.items[0]!.lof12! * 1000) / 10),
      repair_cost_USD: String(Math.round(p.items[0]!.cost!)),
    });
    // No figure carries more digits than it means (76820.86614173229 was seen).
    for (const r of records) for (const v of Object.values(r)) expect(v ?? '').not.toMatch(/\.\d{3,}/);

    const geo = await call('GET', `/api/projects/${p.id}/pipes.geojson`, VIEWER);
    expect(geo.statusCode).toBe(200);
    expect(geo.headers['content-disposition']).toMatch(/^attachment; filename="project-\d+-pipes\.geojson"$/);
    const fc = geo.json();
    expect(fc.type).toBe('FeatureCollection');
    expect(fc.features).toHaveLength(2);
    expect(fc.features[0].geometry.type).toBe('MultiLineString');
    expect(fc.features[0].geometry.coordinates[0][0]).toEqual([X, Y]);
    expect(fc.features[1].properties).toEqual({ ...p.items[1], project_id: p.id });
  });

  it("answers 404 for another client's projects and datasets", async () => {
    const p = await create({ pipe_ids: [us.pipes['P1']!] });
    for (const [method, url] of [
      ['GET', `/api/projects/${p.id}`],
      ['PATCH', `/api/projects/${p.id}`],
      ['DELETE', `/api/projects/${p.id}`],
      ['GET', `/api/projects/${p.id}/pipes.csv`],
      ['GET', `/api/projects?dataset_id=${us.datasetId}`],
      ['GET', `/api/projects/geometry?dataset_id=${us.datasetId}`],
    ] as const) {
      expect(
        (await call(method, url, JP_ADMIN, method === 'PATCH' ? { name: 'x' } : undefined)).statusCode,
      ).toBe(404);
    }
    const post = await call('POST', '/api/projects', JP_ADMIN, {
      dataset_id: us.datasetId,
      name: 'x',
      start_date: '2027-01-01',
      end_date: '2027-02-01',
      pipe_ids: [us.pipes['P1']],
    });
    expect(post.statusCode).toBe(404);
    // Their own dataset does work, with their country's defaults (JPY per metre).
    const jpDefaults = await call('GET', `/api/projects/defaults?dataset_id=${jp.datasetId}`, JP_ADMIN);
    expect(jpDefaults.json().repair_cost_unit).toEqual({ currency: 'JPY', per_length_unit: 'm' });
  });

  it('lets viewers and the demo account read only', async () => {
    const p = await create({ pipe_ids: [us.pipes['P1']!] });
    for (const email of [VIEWER, GUEST]) {
      expect((await call('GET', `/api/projects/${p.id}`, email)).statusCode).toBe(200);
      const post = await call('POST', '/api/projects', email, {
        dataset_id: us.datasetId,
        name: 'x',
        start_date: '2027-01-01',
        end_date: '2027-02-01',
        pipe_ids: [us.pipes['P1']],
      });
      expect(post.statusCode).toBe(403);
      expect((await call('PATCH', `/api/projects/${p.id}`, email, { name: 'x' })).statusCode).toBe(403);
      expect((await call('DELETE', `/api/projects/${p.id}`, email)).statusCode).toBe(403);
    }
    expect((await call('PATCH', `/api/projects/${p.id}`, GUEST, { status: 1 })).json().code).toBe(
      'DEMO_READ_ONLY',
    );
  });

  it('needs the JOB_PLANNER subscription', async () => {
    await setSubscriptions(h, 2, ['LOF']);
    try {
      const res = await call('GET', `/api/projects?dataset_id=${jp.datasetId}`, JP_ADMIN);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/JOB_PLANNER/);
    } finally {
      await setSubscriptions(h, 2, ['LOF', 'JOB_PLANNER']);
    }
  });

  it('publishes the routes in the OpenAPI document', async () => {
    const doc = (await h.request({ url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/projects',
        '/api/projects/defaults',
        '/api/projects/geometry',
        '/api/projects/{id}',
        '/api/projects/{id}/image',
        '/api/projects/{id}/pipes.csv',
        '/api/projects/{id}/pipes.geojson',
      ]),
    );
  });
});
