// Migration 0015 fills what the COF stage now stores for each area (issue 15): its expected breaks in 12 months and
// the length of its members at BRE level 4 or 5. Its statement is run again here on the report fixture with those
// columns emptied, on both backends, and must give back what the fixture's pipes say by hand.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { MIGRATIONS_DIR, withSystem } from '../src/db/database.ts';
import { forEachBackend, type Harness } from './helpers/harness.ts';
import { buildReportFixture, type ReportFixture } from './helpers/reports-fixture.ts';

/** The data statements of the migration (its UPDATEs), as drizzle splits the file. */
const BACKFILL = readFileSync(path.join(MIGRATIONS_DIR, '0015_area_break_rate.sql'), 'utf8')
  .split('--> statement-breakpoint')
  .map((s) => s.trim())
  .filter((s) => /^UPDATE/m.test(s.replace(/^--.*$/gm, '').trim()));

const rows = async (h: Harness, q: ReturnType<typeof sql>) =>
  withSystem(h.database.db, async (tx) => (await tx.execute(q)).rows);

forEachBackend('migration 0015 backfill', (h) => {
  let f: ReportFixture;
  let areas: Map<number, Record<string, unknown>>;

  beforeAll(async () => {
    f = await buildReportFixture(h.database.db, { clientId: 1, scenario: true });
    await rows(
      h,
      sql`UPDATE area_results SET expected_breaks_12 = NULL, top_risk_length_m = NULL
          WHERE analysis_id = ${f.analysisId}`,
    );
    for (const statement of BACKFILL) await rows(h, sql.raw(statement));
    const stored = await rows(
      h,
      sql`SELECT area_id, expected_breaks_12, top_risk_length_m FROM area_results
          WHERE analysis_id = ${f.analysisId}`,
    );
    areas = new Map(stored.map((a) => [Number(a['area_id']), a]));
  });

  it('has the one backfill statement', () => {
    expect(BACKFILL).toHaveLength(1);
  });

  it('sums the members’ expected breaks: the model’s where stored, else −ln(1 − lof_12)', () => {
    // M1 ∋ P1, P2, P3: 0.006 + 0.011 + 0.045. M2 ∋ P4, P5, P7 (P6 abandoned): P4 0.13, P5 unscored, P7 stored only
    // its probability 0.3: −ln 0.7.
    expect(Number(areas.get(f.areas['M1']!)!['expected_breaks_12'])).toBeCloseTo(0.062, 9);
    expect(Number(areas.get(f.areas['M2']!)!['expected_breaks_12'])).toBeCloseTo(0.13 - Math.log(0.7), 6);
  });

  it('sums the length of the members in service at BRE level 4 or 5', () => {
    // M1's pipes are at levels 1–3; M2: P4 (400 m, level 4) and P7 (700 m, level 5), not the abandoned P6.
    expect(Number(areas.get(f.areas['M1']!)!['top_risk_length_m'])).toBe(0);
    expect(Number(areas.get(f.areas['M2']!)!['top_risk_length_m'])).toBe(1100);
  });
});
