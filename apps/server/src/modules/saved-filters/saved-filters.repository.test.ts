// The saved_filters table under row-level security (migration 0006), on both backends: a tenant transaction sees
// and writes its own client's rows only, and the repository narrows to the user and snapshot group.
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { withSystem, withTenant } from '../../db/database.ts';
import { buildAnalysisFixture, type AnalysisFixture } from '../../../test/helpers/analysis-fixture.ts';
import { forEachBackend } from '../../../test/helpers/harness.ts';
import * as repo from './saved-filters.repository.ts';

const US_ADMIN_ID = 1;
const JP_ADMIN_ID = 5;

forEachBackend('saved filters repository', (h) => {
  let us: AnalysisFixture;
  let jp: AnalysisFixture;
  let scenarioId: number;
  beforeAll(async () => {
    us = await buildAnalysisFixture(h.database.db, { clientId: 1, analysis: false });
    jp = await buildAnalysisFixture(h.database.db, { clientId: 2, analysis: false });
    await withSystem(h.database.db, async (tx) => {
      const [scenario] = (
        await tx.execute(sql`
          INSERT INTO job_planner_scenarios (client_id, snapshot_id, name, start_date, end_date)
          VALUES (1, ${us.groupId}, 'Job 1', '2026-01-01', '2026-01-08') RETURNING id`)
      ).rows;
      scenarioId = Number(scenario!['id']);
      await tx.execute(sql`
        INSERT INTO saved_filters (client_id, user_id, snapshot_id, name, job_planner_scenario_id, filters, lof_type,
          created_at)
        VALUES (1, ${US_ADMIN_ID}, ${us.groupId}, 'older', NULL, '{}', 'rank', now() - interval '1 hour'),
          (1, ${US_ADMIN_ID}, ${us.groupId}, 'newer', ${scenarioId}, '{}', 'lof', now()),
          (2, ${JP_ADMIN_ID}, ${jp.groupId}, 'jp', NULL, '{}', 'rank', now())`);
    });
  });

  it("lists the user's rows of a group newest first, and of one scenario", async () => {
    const rows = await withTenant(h.database.db, 1, (tx) =>
      repo.listOwn(tx, { userId: US_ADMIN_ID, snapshotId: us.groupId }),
    );
    expect(rows.map((r) => r.name)).toEqual(['newer', 'older']);
    const scenario = await withTenant(h.database.db, 1, (tx) =>
      repo.listOwn(tx, { userId: US_ADMIN_ID, snapshotId: us.groupId, scenarioId }),
    );
    expect(scenario.map((r) => r.name)).toEqual(['newer']);
  });

  it("never sees nor writes another client's rows", async () => {
    const seen = await withTenant(h.database.db, 1, async (tx) => ({
      raw: (await tx.execute(sql`SELECT name FROM saved_filters ORDER BY name`)).rows.map((r) => r['name']),
      group: await repo.groupExists(tx, jp.groupId),
      own: await repo.groupExists(tx, us.groupId),
    }));
    expect(seen).toEqual({ raw: ['newer', 'older'], group: false, own: true });
    await expect(
      withTenant(h.database.db, 1, (tx) =>
        repo.insert(tx, {
          clientId: 2,
          userId: JP_ADMIN_ID,
          snapshotId: jp.groupId,
          name: 'smuggled',
          filters: {},
          lofType: 'rank',
        }),
      ),
    ).rejects.toThrow();
  });
});
