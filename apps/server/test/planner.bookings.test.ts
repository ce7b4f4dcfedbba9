// Issue 36 on both backends: a pipe is in at most one active project (the database's rule, the 409s that name the
// pipe and its project, leaving booked pipes out, simultaneous bookings) and the inspection loop (people picked
// from the client, My inspections, the inspector's outcome with a note, its history and the manager's mail). The
// fixture's four pipes: P1, P2, P10, Q1 side by side from X (pipe i spans X + i/1000 … X + (i+1)/1000).
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { projectDetailSchema, projectListSchema, type ProjectDetail } from '@pipewise/domain';
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
import { clearProjects, plannerCall } from './helpers/planner.ts';

type Row = Record<string, unknown>;
const rows = async (h: Harness, q: ReturnType<typeof sql>) =>
  withSystem(h.database.db, async (tx) => (await tx.execute(q)).rows as Row[]);

const X = 139.93;
const Y = 37.495;
const box = (x0: number, x1: number) =>
  `POLYGON((${X + x0} ${Y - 0.001}, ${X + x1} ${Y - 0.001}, ${X + x1} ${Y + 0.001}, ${X + x0} ${Y + 0.001}, ${X + x0} ${Y - 0.001}))`;

forEachBackend('project bookings and inspections', (h) => {
  let us: AnalysisFixture;
  const call = plannerCall(h);
  const userId = async (email: string) =>
    Number((await rows(h, sql`SELECT id FROM users WHERE email = ${email}`))[0]!['id']);
  const create = async (body: Record<string, unknown>) => {
    const res = await call('POST', '/api/projects', WORKER, {
      dataset_id: us.datasetId,
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
    // The seeded inspector's primary group is worker; as a viewer only its assignment lets it act.
    await rows(h, sql`UPDATE users SET permission_group_type_code = 3 WHERE email = ${INSPECTOR}`);
  });
  afterEach(() => clearProjects(h));
  describe('one active project per pipe (issue 36)', () => {
    const post = (pipeNames: string[], name = 'Second') =>
      call('POST', '/api/projects', WORKER, {
        dataset_id: us.datasetId,
        name,
        start_date: '2027-04-01',
        end_date: '2027-05-01',
        pipe_ids: pipeNames.map((n) => us.pipes[n]!),
      });
    const projectCount = async () =>
      Number((await rows(h, sql`SELECT count(*) AS n FROM projects`))[0]!['n']);

    it('answers 409 naming the pipe and the project that holds it, and writes nothing', async () => {
      const first = await create({ name: 'Holds P1', pipe_ids: [us.pipes['P1']!, us.pipes['P2']!] });
      const before = await projectCount();
      const res = await post(['P1', 'P10']);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'PIPE_BOOKED',
        booked: [
          { pipe_id: us.pipes['P1'], native_pipe_id: 'P1', project_id: first.id, project_name: 'Holds P1' },
        ],
      });
      expect(res.json().message).toMatch(/P1 .*Holds P1/);
      expect(await projectCount()).toBe(before);
      // The web's 'leave them out': the same request with the named pipes left out goes through.
      const rest = await call('POST', '/api/projects', WORKER, {
        dataset_id: us.datasetId,
        name: 'Without P1',
        start_date: '2027-04-01',
        end_date: '2027-05-01',
        project_area: box(-0.5e-3, 2.5e-3),
        leave_out_pipe_ids: [us.pipes['P1']!, us.pipes['P2']!],
      });
      expect(rest.statusCode, rest.body).toBe(201);
      expect(rest.json().items.map((i: { native_pipe_id: string }) => i.native_pipe_id)).toEqual(['P10']);
      expect((await call('DELETE', `/api/projects/${rest.json().id}`, WORKER)).statusCode).toBe(204);
      // Adding it to another project by PATCH is refused the same way, and the project keeps its pipes.
      const second = await create({ name: 'Holds P10', pipe_ids: [us.pipes['P10']!] });
      const patch = await call('PATCH', `/api/projects/${second.id}`, WORKER, {
        pipe_ids: [us.pipes['P10']!, us.pipes['P2']!],
        name: 'Renamed',
      });
      expect(patch.statusCode).toBe(409);
      expect(patch.json().booked.map((b: { native_pipe_id: string }) => b.native_pipe_id)).toEqual(['P2']);
      expect((await call('GET', `/api/projects/${second.id}`, VIEWER)).json()).toMatchObject({
        name: 'Holds P10',
        pipe_count: 1,
      });
      // The pipes left out, it goes through; a project's own pipes are no conflict with itself.
      expect((await post(['P10'])).statusCode).toBe(409);
      expect((await post(['Q1'])).statusCode).toBe(201);
      expect(
        (await call('PATCH', `/api/projects/${first.id}`, WORKER, { pipe_ids: [us.pipes['P1']!] }))
          .statusCode,
      ).toBe(200);
    });

    it('frees the pipes of a closed project, and refuses to reopen it while another holds them', async () => {
      const old = await create({ name: 'Old works', pipe_ids: [us.pipes['P1']!] });
      for (const to of [1, 2, 4])
        expect((await call('PATCH', `/api/projects/${old.id}`, WORKER, { status: to })).statusCode).toBe(200);
      expect(await rows(h, sql`SELECT active FROM project_pipes WHERE project_id = ${old.id}`)).toEqual([
        { active: false },
      ]);
      const next = await create({ name: 'New works', pipe_ids: [us.pipes['P1']!] });
      const reopen = await call('PATCH', `/api/projects/${old.id}`, ADMIN, { status: 0 });
      expect(reopen.statusCode).toBe(409);
      expect(reopen.json().booked).toEqual([
        { pipe_id: us.pipes['P1'], native_pipe_id: 'P1', project_id: next.id, project_name: 'New works' },
      ]);
      expect((await call('GET', `/api/projects/${old.id}`, VIEWER)).json().status).toBe(4);
      expect((await call('DELETE', `/api/projects/${next.id}`, WORKER)).statusCode).toBe(204);
      expect((await call('PATCH', `/api/projects/${old.id}`, ADMIN, { status: 0 })).json().status).toBe(0);
      expect(await rows(h, sql`SELECT active FROM project_pipes WHERE project_id = ${old.id}`)).toEqual([
        { active: true },
      ]);
    });

    it('is kept by the database itself, whatever writes the rows', async () => {
      const holder = await create({ pipe_ids: [us.pipes['P2']!] });
      const other = await create({ pipe_ids: [us.pipes['P10']!] });
      const direct = withSystem(h.database.db, (tx) =>
        tx.execute(
          sql`INSERT INTO project_pipes (project_id, pipe_id, client_id) VALUES (${other.id}, ${us.pipes['P2']!}, 1)`,
        ),
      );
      await expect(direct).rejects.toThrow();
      await direct.catch((err: unknown) => {
        const causes: unknown[] = [];
        for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) causes.push(e);
        expect(causes.map((e) => String((e as Error).message)).join(' ')).toMatch(
          /project_pipes_active_pipe_idx/,
        );
      });
      // Closing by plain SQL frees the pipe too: the key carries the project's state to its rows.
      await rows(h, sql`UPDATE projects SET status = 4 WHERE id = ${holder.id}`);
      await rows(
        h,
        sql`INSERT INTO project_pipes (project_id, pipe_id, client_id) VALUES (${other.id}, ${us.pipes['P2']!}, 1)`,
      );
      await expect(rows(h, sql`UPDATE projects SET status = 0 WHERE id = ${holder.id}`)).rejects.toThrow();
    });

    it('lets one of two simultaneous bookings of a pipe through', async () => {
      const answers = await Promise.all([post(['Q1'], 'A'), post(['Q1'], 'B'), post(['Q1'], 'C')]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
      for (const r of answers.filter((a) => a.statusCode === 409)) expect(r.json().code).toBe('PIPE_BOOKED');
      expect(
        await rows(h, sql`SELECT count(*)::int AS n FROM project_pipes WHERE pipe_id = ${us.pipes['Q1']!}`),
      ).toEqual([{ n: 1 }]);
    });
  });

  describe('the inspection loop (issue 36)', () => {
    let inspectorId: number;
    let managerId: number;
    beforeAll(async () => {
      inspectorId = await userId(INSPECTOR);
      managerId = await userId(ADMIN);
    });

    it('lists the client’s users to pick a manager or an inspector from, for planners only', async () => {
      const res = await call('GET', `/api/projects/people?dataset_id=${us.datasetId}`, WORKER);
      expect(res.statusCode, res.body).toBe(200);
      const people = res.json().people as {
        id: number;
        email: string;
        inspector: boolean;
        full_name: string;
      }[];
      expect(people.find((p) => p.email === INSPECTOR)).toMatchObject({ id: inspectorId, inspector: true });
      expect(people.find((p) => p.email === ADMIN)).toMatchObject({ id: managerId, inspector: false });
      expect(people.some((p) => p.email === JP_ADMIN || p.email === GUEST)).toBe(false);
      expect(Object.keys(people[0]!).sort()).toEqual(['email', 'full_name', 'id', 'inspector']);
      expect((await call('GET', `/api/projects/people?dataset_id=${us.datasetId}`, VIEWER)).statusCode).toBe(
        403,
      );
    });

    it('names picked people as they are, lists the inspector’s projects, and mails the manager the outcome', async () => {
      await rows(h, sql`UPDATE users SET language = 'de', receive_emails = true WHERE id = ${managerId}`);
      const [manager] = await rows(h, sql`SELECT full_name FROM users WHERE id = ${managerId}`);
      const [inspector] = await rows(h, sql`SELECT full_name FROM users WHERE id = ${inspectorId}`);
      const p = await create({
        name: 'Elm St inspection',
        pipe_ids: [us.pipes['Q1']!],
        manager_id: managerId,
        manager_name: 'typed by hand',
        inspector_id: inspectorId,
      });
      expect(p).toMatchObject({
        manager_name: manager!['full_name'],
        manager_email: ADMIN,
        inspector_name: inspector!['full_name'],
        inspector_email: INSPECTOR,
        history: [],
      });
      await create({ name: 'Not theirs', pipe_ids: [us.pipes['P10']!] });
      const mine = await call('GET', `/api/projects?dataset_id=${us.datasetId}&inspector=me`, INSPECTOR);
      expect(mine.statusCode, mine.body).toBe(200);
      expect(projectListSchema.parse(mine.json()).projects.map((x) => x.name)).toEqual(['Elm St inspection']);

      const before = (await h.outbox()).length;
      expect((await call('PATCH', `/api/projects/${p.id}`, WORKER, { status: 1 })).statusCode).toBe(200);
      const outcome = await call('PATCH', `/api/projects/${p.id}`, INSPECTOR, {
        status: 2,
        status_note: 'Joints sound, pressure test passed.',
      });
      expect(outcome.statusCode, outcome.body).toBe(200);
      const detail = projectDetailSchema.parse(outcome.json());
      expect(detail.status).toBe(2);
      expect(detail.history.map((e) => [e.from_status, e.to_status, e.note, e.user_id])).toEqual([
        [0, 1, '', await userId(WORKER)],
        [1, 2, 'Joints sound, pressure test passed.', inspectorId],
      ]);
      expect(detail.history[1]!.user_name).toBe(inspector!['full_name']);
      const mails = (await h.outbox()).slice(before);
      // The worker's move to inspecting and the inspector's outcome, each to the manager, in German.
      expect(mails.map((m) => [m.to, m.subject])).toEqual([
        [ADMIN, 'Projekt „Elm St inspection“: In Prüfung'],
        [ADMIN, 'Projekt „Elm St inspection“: Fertig'],
      ]);
      expect(mails[1]!.text).toContain('Notiz: Joints sound, pressure test passed.');
      expect(mails[1]!.text).toContain(`von In Prüfung auf Fertig`);
      // A note without a change of status says so; the inspector may not touch anything else.
      const noteOnly = await call('PATCH', `/api/projects/${p.id}`, INSPECTOR, {
        status: 2,
        status_note: 'x',
      });
      expect(noteOnly.statusCode).toBe(400);
      expect(noteOnly.json().fields[0].field).toBe('status_note');
      expect(
        (await call('PATCH', `/api/projects/${p.id}`, INSPECTOR, { status_note: 'x', name: 'y' })).statusCode,
      ).toBe(403);
    });

    it('mails nobody when the manager makes the change or is no user', async () => {
      const own = await create({ pipe_ids: [us.pipes['P1']!], manager_id: managerId });
      const typed = await create({
        pipe_ids: [us.pipes['P2']!],
        manager_name: 'Outside Co',
        manager_email: 'site@outside.example',
      });
      const before = (await h.outbox()).length;
      expect((await call('PATCH', `/api/projects/${own.id}`, ADMIN, { status: 3 })).statusCode).toBe(200);
      expect((await call('PATCH', `/api/projects/${typed.id}`, WORKER, { status: 3 })).statusCode).toBe(200);
      expect((await h.outbox()).length).toBe(before);
    });
  });
});
