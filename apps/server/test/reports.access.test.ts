// Who may read the reports of docs/api-reports.md and what they see (spec 001 §6/§7; CHECKLIST RPT-03, RPT-04) on
// both backends: the Japan rule, the subscription each family needs, tenancy, the not-analysed and bad-query errors,
// and the report route a page posts when it opens. The figures themselves: reports.routes.test.ts.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { hidesJapanItems, riskDriverName, screenAreaCode } from '@pipewise/domain';
import { withSystem } from '../src/db/database.ts';
import { ADMIN, forEachBackend, GUEST, JP_ADMIN, type Harness } from './helpers/harness.ts';
import { plannerCall as callAs, setSubscriptions } from './helpers/planner.ts';
import { reportQuery } from './helpers/report-query.ts';
import { buildReportFixture, type ReportFixture } from './helpers/reports-fixture.ts';

const rows = async (h: Harness, q: ReturnType<typeof sql>) =>
  withSystem(h.database.db, async (tx) => (await tx.execute(q)).rows);

forEachBackend('report access', (h) => {
  let us: ReportFixture;
  let jp: ReportFixture;
  let pending: ReportFixture;
  const call = callAs(h);
  const report = reportQuery(h);

  beforeAll(async () => {
    us = await buildReportFixture(h.database.db, { clientId: 1, scenario: true });
    jp = await buildReportFixture(h.database.db, { clientId: 2 });
    pending = await buildReportFixture(h.database.db, { clientId: 1, analysis: false });
  });

  describe('Japan client (001 §6)', () => {
    it('hides the environmental factor but keeps its money in the totals; country currency; Japanese names', async () => {
      const r = await report(
        jp.datasetId,
        'categories=cof_average_factors,cof_top_factors,cof_total_average,lof_top_risk_drivers',
        JP_ADMIN,
      );
      expect(r.hides_environment).toBe(true);
      expect(r.currency).toBe('JPY');
      expect(r.scenario).toEqual({ id: null, name: 'Default (JPY)' });
      expect(r.results.cof_average_factors!.map((f) => f.factor)).not.toContain('environmental');
      expect(r.results.cof_average_factors).toHaveLength(6);
      expect(r.results.cof_top_factors!.map((f) => f.factor)).not.toContain('environmental');
      // The 165 of environment is still in the 2900, and in every share's denominator.
      expect(r.results.cof_total_average!.total).toBe(2900);
      expect(r.results.cof_average_factors!.find((f) => f.factor === 'directStandard')!.share).toBeCloseTo(
        1650 / 2900,
        9,
      );
      expect(r.results.lof_top_risk_drivers![0]!.name).toBe(riskDriverName(3, 'ja'));
    });

    it('client 47 is the exception that sees it', () => {
      expect(hidesJapanItems({ clientId: 47, country: 'JP' })).toBe(false);
      expect(hidesJapanItems({ clientId: 2, country: 'JP' })).toBe(true);
    });

    it('without BRE: total-risk reports are refused and area BRE is null', async () => {
      const res = await call(
        'GET',
        `/api/datasets/${jp.datasetId}/reports/query?categories=total_risk_average`,
        JP_ADMIN,
      );
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/\bBRE\b/);
      const r = await report(jp.datasetId, 'categories=area_mesh', JP_ADMIN);
      expect(r.results.area_mesh!.map((a) => [a.total_cof, a.total_bre])).toEqual([
        [860, null],
        [2040, null],
      ]);
    });
  });

  it('403 names the subscription each family needs; asset reports need none', async () => {
    await setSubscriptions(h, 2, []);
    try {
      const status = async (category: string) => {
        const res = await call(
          'GET',
          `/api/datasets/${jp.datasetId}/reports/query?categories=${category}`,
          JP_ADMIN,
        );
        return [res.statusCode, res.statusCode === 403 ? res.json().message : null];
      };
      expect(await status('length_by_material')).toEqual([200, null]);
      expect(await status('lof_length_absolute')).toEqual([
        403,
        expect.stringMatching(/the LOF subscription/),
      ]);
      expect(await status('lof_highest')).toEqual([403, expect.stringMatching(/LOF/)]);
      expect(await status('area_mesh')).toEqual([403, expect.stringMatching(/LOF/)]);
      expect(await status('cof_average')).toEqual([403, expect.stringMatching(/the COF subscription/)]);
      expect(await status('total_risk_top')).toEqual([
        403,
        expect.stringMatching(/BRE and COF subscriptions/),
      ]);
      // One gated category in a list refuses the whole request.
      expect((await status('length_by_material,cof_average'))[0]).toBe(403);
    } finally {
      await setSubscriptions(h, 2, ['COF', 'LOF', 'RUL', 'VP', 'POPULATION']);
    }
  });

  it('404 for another client’s dataset, 409 before the first analysis, 400 for a bad query', async () => {
    const q = 'categories=length_by_material';
    expect((await call('GET', `/api/datasets/${jp.datasetId}/reports/query?${q}`, ADMIN)).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/api/datasets/${us.datasetId}/reports/query?${q}`, JP_ADMIN)).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/api/datasets/999999/reports/query?${q}`, ADMIN)).statusCode).toBe(404);
    const conflict = await call('GET', `/api/datasets/${pending.datasetId}/reports/query?${q}`, ADMIN);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/no completed analysis/),
    });
    for (const bad of ['categories=length_by_colour', 'categories=', `${q}&horizon=13`, `${q}&limit=0`, '']) {
      const res = await call('GET', `/api/datasets/${us.datasetId}/reports/query?${bad}`, ADMIN);
      expect(res.statusCode, bad).toBe(400);
    }
    const unauthenticated = await h.request({ url: `/api/datasets/${us.datasetId}/reports/query?${q}` });
    expect(unauthenticated.statusCode).toBe(401);
  });

  it('POST /api/report-routes records the screen a user opened, demo accounts too (RPT-03, RPT-04)', async () => {
    const code = screenAreaCode('cofReports');
    const res = await call('POST', '/api/report-routes', ADMIN, {
      route_type_code: code,
      dataset_id: us.datasetId,
    });
    expect(res.statusCode, res.body).toBe(204);
    const guest = await call('POST', '/api/report-routes', GUEST, {
      route_type_code: screenAreaCode('home'),
    });
    expect(guest.statusCode, guest.body).toBe(204);
    const logged = await rows(
      h,
      sql`SELECT e.client_id, u.email, e.route_type_code, e.dataset_id FROM report_route_events e
          JOIN users u ON u.id = e.user_id ORDER BY e.id`,
    );
    expect(logged).toEqual([
      { client_id: 1, email: ADMIN, route_type_code: code, dataset_id: us.datasetId },
      { client_id: 1, email: GUEST, route_type_code: 1, dataset_id: null },
    ]);
    expect((await call('POST', '/api/report-routes', ADMIN, { route_type_code: 0 })).statusCode).toBe(400);
    expect((await call('POST', '/api/report-routes', ADMIN, { route_type_code: 19 })).statusCode).toBe(400);
    const foreign = await call('POST', '/api/report-routes', ADMIN, {
      route_type_code: 1,
      dataset_id: jp.datasetId,
    });
    expect(foreign.statusCode).toBe(404);
  });
});
