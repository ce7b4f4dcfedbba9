// Report answers kept per analysis (report_summaries; modules/reports/report-summaries.ts) on both backends: the worker
// stores them, a request reads the stored answer instead of aggregating again, and each viewer sees it in their own
// terms (language, the Highest list's length, Japan's hidden environmental row, the LOF horizon). The figures
// themselves are reports.routes.test.ts's.
import { riskDriverName } from '@pipewise/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { withSystem, withTenant, type Db } from '../src/db/database.ts';
import { copyCofFreeSummaries, summariseAnalysis } from '../src/modules/reports/report-summaries.ts';
import { ADMIN, forEachBackend, JP_ADMIN, type Harness } from './helpers/harness.ts';
import { reportQuery } from './helpers/report-query.ts';
import { buildReportFixture, type ReportFixture } from './helpers/reports-fixture.ts';

const rows = async (h: Harness, q: ReturnType<typeof sql>) =>
  withSystem(h.database.db, async (tx) => (await tx.execute(q)).rows as Record<string, unknown>[]);

forEachBackend('report summaries', (h) => {
  let us: ReportFixture;
  let jp: ReportFixture;
  const query = reportQuery(h);
  const report = async (datasetId: number, q: string, email = ADMIN) =>
    (await query(datasetId, q, email)).results;
  const stored = (analysisId: number) =>
    rows(
      h,
      sql`SELECT category, horizon, rows FROM report_summaries WHERE analysis_id = ${analysisId}
          ORDER BY category, horizon`,
    );
  const summarise = (f: ReportFixture, clientId: number) =>
    summariseAnalysis(<T>(fn: (tx: Db) => Promise<T>) => withTenant(h.database.db, clientId, fn), {
      clientId,
      datasetId: f.datasetId,
      analysisId: f.analysisId!,
    });

  beforeAll(async () => {
    us = await buildReportFixture(h.database.db, { clientId: 1, scenario: true });
    jp = await buildReportFixture(h.database.db, { clientId: 2 });
  });

  it('the worker stores every category but the area pages, at 12 months where the horizon matters', async () => {
    await summarise(us, 1);
    const kept = await stored(us.analysisId!);
    expect(kept).toHaveLength(26);
    expect(kept.filter((r) => String(r['category']).startsWith('area_'))).toEqual([]);
    const horizonOf = (c: string) => kept.find((r) => r['category'] === c)!['horizon'];
    expect(horizonOf('lof_length_by_material')).toBe(12);
    expect(horizonOf('total_risk_top')).toBe(12);
    expect(horizonOf('cof_distribution')).toBe(0);
    expect(horizonOf('lof_top_risk_drivers')).toBe(0);
    // The whole Highest list (up to 1000) with its drivers' codes, whoever asks later.
    const highest = kept.find((r) => r['category'] === 'lof_highest')!['rows'] as {
      risk_drivers: number[];
    }[];
    expect(highest.length).toBe(5);
    expect(highest[0]!.risk_drivers.length).toBeGreaterThan(0);
  });

  it('a request reads the stored answer, not the result rows; the area pages stay live', async () => {
    const real = (await report(us.datasetId, 'categories=cof_total_average')).cof_total_average!;
    await rows(
      h,
      sql`UPDATE report_summaries SET rows = jsonb_set(rows, '{total}', '123456')
          WHERE analysis_id = ${us.analysisId} AND category = 'cof_total_average'`,
    );
    const marked = await report(us.datasetId, 'categories=cof_total_average,area_district');
    expect(marked.cof_total_average!.total).toBe(123456);
    expect(marked.area_district!.length).toBeGreaterThan(0);
    await rows(
      h,
      sql`UPDATE report_summaries SET rows = ${JSON.stringify(real)}::jsonb
          WHERE analysis_id = ${us.analysisId} AND category = 'cof_total_average'`,
    );
    expect((await report(us.datasetId, 'categories=cof_total_average')).cof_total_average).toEqual(real);
  });

  // Issue 38: a distribution stored before it carried its scale is made again, not served in the old shape.
  it('makes a stored distribution of an older shape again', async () => {
    const fresh = (await report(us.datasetId, 'categories=cof_distribution')).cof_distribution!;
    await rows(
      h,
      sql`UPDATE report_summaries SET rows = '[{"bucket_percent": 0, "from": 0, "to": 1, "pipes": 99, "length_m": 1}]'
          WHERE analysis_id = ${us.analysisId} AND category = 'cof_distribution'`,
    );
    expect((await report(us.datasetId, 'categories=cof_distribution')).cof_distribution).toEqual(fresh);
    const [kept] = await rows(
      h,
      sql`SELECT rows FROM report_summaries WHERE analysis_id = ${us.analysisId} AND category = 'cof_distribution'`,
    );
    expect((kept!['rows'] as { scale: string }[])[0]!.scale).toBe(fresh[0]!.scale);
  });

  it('presents one stored answer in each viewer’s terms: list length, language and horizon', async () => {
    const two = (await report(us.datasetId, 'categories=lof_highest&limit=2')).lof_highest!;
    const all = (await report(us.datasetId, 'categories=lof_highest&limit=1000')).lof_highest!;
    expect(two).toEqual(all.slice(0, 2));
    expect(all).toHaveLength(5);
    expect(Object.keys(all[0]!)).not.toContain('risk_drivers');

    const english = await report(us.datasetId, 'categories=lof_top_risk_drivers,lof_highest');
    await rows(h, sql`UPDATE users SET language = 'de' WHERE email = ${ADMIN}`);
    try {
      const german = await report(us.datasetId, 'categories=lof_top_risk_drivers,lof_highest');
      const code = english.lof_top_risk_drivers![0]!.code;
      expect(german.lof_top_risk_drivers![0]!.name).toBe(riskDriverName(code, 'de'));
      expect(german.lof_top_risk_drivers![0]!.name).not.toBe(english.lof_top_risk_drivers![0]!.name);
      expect(german.lof_highest![0]!.risk_driver_names).not.toEqual(
        english.lof_highest![0]!.risk_driver_names,
      );
    } finally {
      await rows(h, sql`UPDATE users SET language = 'en' WHERE email = ${ADMIN}`);
    }

    // Another horizon is aggregated on its first ask and kept beside the 12 months'.
    const at12 = (await report(us.datasetId, 'categories=lof_length_absolute&horizon=12'))
      .lof_length_absolute!;
    const at24 = (await report(us.datasetId, 'categories=lof_length_absolute&horizon=24'))
      .lof_length_absolute!;
    expect(at24[0]!.mean_lof!).toBeGreaterThan(at12[0]!.mean_lof!);
    const horizons = (await stored(us.analysisId!))
      .filter((r) => r['category'] === 'lof_length_absolute')
      .map((r) => r['horizon']);
    expect(horizons).toEqual([12, 24]);
  });

  it('keeps the environmental row of a Japan client and hides it when presenting (001 §6)', async () => {
    const r = await report(jp.datasetId, 'categories=cof_average_factors', JP_ADMIN);
    expect(r.cof_average_factors!.map((f) => f.factor)).not.toContain('environmental');
    const kept = (await stored(jp.analysisId!)).find((s) => s['category'] === 'cof_average_factors')!;
    expect((kept['rows'] as { factor: string }[]).map((f) => f.factor)).toContain('environmental');
  });

  it('a COF re-run copies the answers no price changes, every horizon, and none of the money', async () => {
    const [copy] = await rows(
      h,
      sql`INSERT INTO analyses (client_id, dataset_id, stage, progress, reason, seed)
          VALUES (1, ${us.datasetId}, 'cof', 60, 'cof_scenario', 1) RETURNING id`,
    );
    const to = Number(copy!['id']);
    await withTenant(h.database.db, 1, (tx) => copyCofFreeSummaries(tx, us.analysisId!, to));
    const source = await stored(us.analysisId!);
    const copied = await stored(to);
    const names = copied.map((r) => `${String(r['category'])}@${String(r['horizon'])}`);
    expect(names).toContain('lof_length_absolute@24');
    expect(names).toContain('lof_highest@12');
    expect(names).toContain('length_by_material@0');
    expect(names.filter((n) => n.startsWith('cof_') || n.startsWith('total_risk_'))).toEqual([]);
    for (const r of copied)
      expect(r['rows']).toEqual(
        source.find((s) => s['category'] === r['category'] && s['horizon'] === r['horizon'])!['rows'],
      );
  });
});
