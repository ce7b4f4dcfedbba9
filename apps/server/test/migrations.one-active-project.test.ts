// Migration 0022 (issue 36) makes a pipe bookable by one active project only. Projects made before it may hold the
// same pipe twice; its data statements must leave the pipe with the oldest active project, say so in the later
// project's description, leave closed projects alone, and then the key and the unique index must go on. The
// table is put back in its pre-migration shape here (no key, no index, every row active) on both backends.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MIGRATIONS_DIR, withSystem } from '../src/db/database.ts';
import { buildAnalysisFixture, type AnalysisFixture } from './helpers/analysis-fixture.ts';
import { forEachBackend, WORKER, type Harness } from './helpers/harness.ts';
import { clearProjects, plannerCall } from './helpers/planner.ts';

/** The statements that move data and put the rule on (not the new columns, which the schema already has). */
const STATEMENTS = readFileSync(path.join(MIGRATIONS_DIR, '0022_one_active_project_per_pipe.sql'), 'utf8')
  .split('--> statement-breakpoint')
  .map((s) => s.replace(/^--.*$/gm, '').trim())
  .filter((s) => /^(UPDATE|WITH|CREATE UNIQUE INDEX|ALTER TABLE "project_pipes" ADD CONSTRAINT)/.test(s));

type Row = Record<string, unknown>;
const rows = async (h: Harness, q: ReturnType<typeof sql>) =>
  withSystem(h.database.db, async (tx) => (await tx.execute(q)).rows as Row[]);

forEachBackend('migration 0022: one active project per pipe', (h) => {
  let f: AnalysisFixture;
  const ids: Record<string, number> = {};
  const call = plannerCall(h);

  beforeAll(async () => {
    f = await buildAnalysisFixture(h.database.db, { clientId: 1 });
    const make = async (name: string, pipes: string[], status = 0) => {
      const res = await call('POST', '/api/projects', WORKER, {
        dataset_id: f.datasetId,
        name,
        description: name === 'Later' ? 'Mains on Elm St.' : '',
        start_date: '2027-01-01',
        end_date: '2027-02-01',
        status,
        pipe_ids: pipes.map((p) => f.pipes[p]!),
      });
      expect(res.statusCode, res.body).toBe(201);
      ids[name] = res.json().id;
    };
    await make('Oldest', ['P1', 'P2']);
    await make('Later', ['P10']);
    await make('Closed', ['Q1'], 4);
    // Before the migration nothing stopped a second booking, and every row was 'active' (the column's default).
    await rows(h, sql`ALTER TABLE project_pipes DROP CONSTRAINT project_pipes_project_active_fk`);
    await rows(h, sql`DROP INDEX project_pipes_active_pipe_idx`);
    await rows(h, sql`UPDATE project_pipes SET active = true`);
    await rows(
      h,
      sql`INSERT INTO project_pipes (project_id, pipe_id, client_id) VALUES
        (${ids['Later']!}, ${f.pipes['P2']!}, 1), (${ids['Later']!}, ${f.pipes['P1']!}, 1),
        (${ids['Closed']!}, ${f.pipes['P10']!}, 1)`,
    );
    for (const statement of STATEMENTS) await rows(h, sql.raw(statement));
  });
  afterAll(() => clearProjects(h));

  it('has the two data statements, the key and the index', () => {
    expect(STATEMENTS).toHaveLength(4);
  });

  it('leaves each pipe with the oldest active project, and closed projects as they were', async () => {
    const held = await rows(
      h,
      sql`SELECT pj.name, p.native_pipe_id AS pipe, pp.active FROM project_pipes pp
          JOIN projects pj ON pj.id = pp.project_id JOIN pipes p ON p.id = pp.pipe_id
          ORDER BY pj.id, p.native_pipe_id`,
    );
    expect(held).toEqual([
      { name: 'Oldest', pipe: 'P1', active: true },
      { name: 'Oldest', pipe: 'P2', active: true },
      { name: 'Later', pipe: 'P10', active: true },
      { name: 'Closed', pipe: 'P10', active: false },
      { name: 'Closed', pipe: 'Q1', active: false },
    ]);
  });

  it('says in the later project what it lost and to whom', async () => {
    const [later] = await rows(h, sql`SELECT description FROM projects WHERE id = ${ids['Later']!}`);
    expect(later!['description']).toBe(
      `Mains on Elm St.\n\nRemoved when each pipe became bookable by one active project only: ` +
        `P1 (project ${ids['Oldest']}), P2 (project ${ids['Oldest']}).`,
    );
    const [oldest] = await rows(h, sql`SELECT description FROM projects WHERE id = ${ids['Oldest']!}`);
    expect(oldest!['description']).toBe('');
  });

  it('holds the rule afterwards', async () => {
    await expect(
      rows(
        h,
        sql`INSERT INTO project_pipes (project_id, pipe_id, client_id) VALUES (${ids['Later']!}, ${f.pipes['P1']!}, 1)`,
      ),
    ).rejects.toThrow();
  });
});
