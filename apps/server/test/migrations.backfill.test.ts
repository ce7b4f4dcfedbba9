// Migration 0010 fills what the COF stage now stores for analyses computed before it: each pipe's factor groups
// (from its stored breakdown) and each served area's COF and BRE totals (from its pipes' points). Its statements
// are run again here on the report fixture with those columns emptied, on both backends, and must give back what
// the fixture states by hand.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cofFactorGroups } from '@pipewise/engine';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { MIGRATIONS_DIR, withSystem } from '../src/db/database.ts';
import { forEachBackend, type Harness } from './helpers/harness.ts';
import { buildReportFixture, type ReportFixture } from './helpers/reports-fixture.ts';

/** The data statements of the migration (its UPDATEs), as drizzle splits the file. */
const BACKFILL = readFileSync(path.join(MIGRATIONS_DIR, '0010_report_totals.sql'), 'utf8')
  .split('--> statement-breakpoint')
  .map((s) => s.trim())
  .filter((s) => /^UPDATE/m.test(s.replace(/^--.*$/gm, '').trim()));

const rows = async (h: Harness, q: ReturnType<typeof sql>) =>
  withSystem(h.database.db, async (tx) => (await tx.execute(q)).rows);

forEachBackend('migration 0010 backfill', (h) => {
  let f: ReportFixture;

  beforeAll(async () => {
    f = await buildReportFixture(h.database.db, { clientId: 1, scenario: true });
    await rows(h, sql`UPDATE pipe_results SET cof_factors = NULL WHERE analysis_id = ${f.analysisId}`);
    await rows(
      h,
      sql`UPDATE area_results SET total_cof = 0, total_bre = 0 WHERE analysis_id = ${f.analysisId}`,
    );
    for (const statement of BACKFILL) await rows(h, sql.raw(statement));
  });

  it('has the two backfill statements', () => {
    expect(BACKFILL).toHaveLength(2);
  });

  it('fills each pipe’s factor groups from its stored breakdown, as the COF stage computes them', async () => {
    const stored = await rows(
      h,
      sql`SELECT cof, to_json(cof_factors) AS f FROM pipe_results WHERE analysis_id = ${f.analysisId}`,
    );
    expect(stored.length).toBe(7);
    for (const r of stored) {
      const cof = (typeof r['cof'] === 'string' ? JSON.parse(r['cof']) : r['cof']) as Record<string, number>;
      const factors = (typeof r['f'] === 'string' ? JSON.parse(r['f']) : r['f']) as number[];
      expect(factors).toEqual(cofFactorGroups(cof).map((v) => expect.closeTo(v, 9)));
    }
  });

  it('fills each served area’s COF and BRE from the pipes whose point lies inside, abandoned ones left out', async () => {
    const areas = await rows(
      h,
      sql`SELECT area_id, total_cof, total_bre FROM area_results WHERE analysis_id = ${f.analysisId}`,
    );
    const byId = new Map(areas.map((a) => [Number(a['area_id']), a]));
    // M1 ∋ P1, P2, P3: COF 160 + 300 + 400, BRE .8 + 3 + 16; M2 ∋ P4, P5, P7 (P6 abandoned): 1000 + 40 + 1000,
    // BRE 120 + 300 (P5 has none).
    expect(Number(byId.get(f.areas['M1']!)!['total_cof'])).toBeCloseTo(860, 6);
    expect(Number(byId.get(f.areas['M1']!)!['total_bre'])).toBeCloseTo(19.8, 6);
    expect(Number(byId.get(f.areas['M2']!)!['total_cof'])).toBeCloseTo(2040, 6);
    expect(Number(byId.get(f.areas['M2']!)!['total_bre'])).toBeCloseTo(420, 6);
  });
});
