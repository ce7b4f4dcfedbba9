// The per-pipe rankings of docs/api-reports.md on both backends, against the hand-made network of
// helpers/reports-fixture.ts: lof_highest (the Highest page) and cof_highest / bre_highest (issue 38: the pipes with
// the most money at stake). Split from reports.routes.test.ts, which holds the aggregate reports.
import { beforeAll, expect, it } from 'vitest';
import { riskDriverName } from '@pipewise/domain';
import { forEachBackend } from './helpers/harness.ts';
import { reportQuery } from './helpers/report-query.ts';
import { buildReportFixture, type ReportFixture } from './helpers/reports-fixture.ts';

const near = (x: number) => expect.closeTo(x, 6);
const en = (code: number) => riskDriverName(code, 'en');

forEachBackend('report rankings', (h) => {
  let us: ReportFixture;
  const report = reportQuery(h);
  const results = async (query: string) => (await report(us.datasetId, query)).results;

  beforeAll(async () => {
    us = await buildReportFixture(h.database.db, { clientId: 1, scenario: true });
  });

  it('lof_highest: the highest LOF first, with rank, breaks and driver names', async () => {
    const r = await results('categories=lof_highest&limit=3');
    // P7 .3 (P6's .3 is abandoned), P4 .12, P3 .04.
    expect(r.lof_highest).toEqual([
      {
        pipe_id: us.pipes['P7'],
        native_id: 'P7',
        material_type_code: 3,
        diameter_mm: 609.6,
        install_year: 2001,
        length_m: 700,
        lof: 0.3,
        rank: 95,
        breaks: 0,
        risk_driver_names: [en(3)],
      },
      {
        pipe_id: us.pipes['P4'],
        native_id: 'P4',
        material_type_code: 2,
        diameter_mm: 762,
        install_year: 1985,
        length_m: 400,
        lof: 0.12,
        rank: 80,
        breaks: 1,
        risk_driver_names: [en(5), en(1)],
      },
      expect.objectContaining({ native_id: 'P3', lof: 0.04, breaks: 1 }),
    ]);
  });

  // Issue 38: the planner's per-pipe rankings by money at stake, like Highest for LOF.
  it('cof_highest and bre_highest: the most money at stake first, with what a planner needs', async () => {
    const r = await results('categories=cof_highest,bre_highest&limit=4');
    // COF: P4 and P7 1000 (the lower id first), P3 400, P2 300. BRE: P7 300, P4 120, P3 16, P2 3.
    expect(r.cof_highest!.map((x) => [x.native_id, x.cof])).toEqual([
      ['P4', 1000],
      ['P7', 1000],
      ['P3', 400],
      ['P2', 300],
    ]);
    expect(r.bre_highest!.map((x) => [x.native_id, x.bre])).toEqual([
      ['P7', near(300)],
      ['P4', near(120)],
      ['P3', near(16)],
      ['P2', near(3)],
    ]);
    expect(r.bre_highest![0]).toMatchObject({
      pipe_id: us.pipes['P7'],
      material_type_code: 3,
      diameter_mm: 609.6,
      install_year: 2001,
      length_m: 700,
      lof: 0.3,
      cof: 1000,
    });
    expect(r.bre_highest![0]).toHaveProperty('address');
  });
});
