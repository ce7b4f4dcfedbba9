// Issue 42: the "Script a nightly upload" example of docs/api-scheduled-imports.md, run as written (curl and jq)
// against this server on 127.0.0.1 with an API token and no CSRF. Tests have no worker: the scheduled-import runs and
// import jobs it queues are run here in-process while the script polls.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ApiTokenCreated } from '@pipewise/domain';
import { ImportQueue } from '../src/modules/imports/import-queue.ts';
import { runImport } from '../src/modules/imports/import.job.ts';
import { uploadPath } from '../src/modules/imports/upload-files.ts';
import { executeRun, type RunContext } from '../src/modules/import-definitions/run.ts';
import { commitAndRun, uploadOk } from './fixtures/imports-api.ts';
import { ADMIN, forEachBackend, type Harness } from './helpers/harness.ts';

const DOC = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../docs/api-scheduled-imports.md',
);

async function testedBlock(): Promise<string> {
  const doc = await readFile(DOC, 'utf8');
  const block = /<!-- tested: the sh block below[^>]*-->\s*```sh\n([\s\S]*?)\n```/.exec(doc)?.[1];
  if (!block) throw new Error('docs/api-scheduled-imports.md has no tested sh block');
  return block;
}

const has = (cmd: string) => {
  try {
    execFileSync(cmd, ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
const HAS_CURL = has('curl') && has('jq');

const pipes = (n: number) =>
  JSON.stringify({
    type: 'FeatureCollection',
    features: Array.from({ length: n }, (_, i) => ({
      type: 'Feature',
      properties: { id: `M${i + 1}`, diameter_mm: 150, year: 1970 + i },
      geometry: {
        type: 'LineString',
        coordinates: [
          [-85.7 + 0.001 * i, 38.2],
          [-85.7 + 0.001 * (i + 1), 38.2],
        ],
      },
    })),
  });

forEachBackend('docs/api-scheduled-imports.md: script a nightly upload', (h: Harness) => {
  let dir = '';
  let env: Record<string, string> = {};
  let groupId = 0;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pw-doc-'));
    const admin = await h.token(ADMIN);
    // The network and its remembered mapping come from a first import through the wizard.
    const first = await uploadOk(h, admin, 'pipes.geojson', new TextEncoder().encode(pipes(20)));
    const { item } = await commitAndRun(h, admin, first.id, {
      layer: 'pipes',
      type: 'assets',
      asset_layer: 'pipes',
      mapping: { nativeId: 'id', diameter: 'diameter_mm', installYear: 'year' },
      answers: { diameter_unit: 'mm' },
      target: { new_group_name: 'Nightly mains' },
    });
    groupId = item.snapshot_group_id!;
    await writeFile(path.join(dir, 'pipes.geojson'), pipes(20).replace('"year":1970', '"year":1971'));
    const address = await h.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await h.request({
      method: 'POST',
      url: '/api/tokens',
      token: admin,
      body: { name: 'nightly script', scopes: ['read', 'import'] },
    });
    expect(res.statusCode, res.body).toBe(201);
    env = {
      PIPEWISE_URL: address,
      PIPEWISE_TOKEN: res.json<ApiTokenCreated>().token,
      PIPEWISE_NETWORK: String(groupId),
    };
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it.skipIf(!HAS_CURL)(
    'the curl example creates a definition, uploads and commits a new version',
    async () => {
      const ctx: RunContext = {
        database: h.database,
        dataDir: h.config.dataDir,
        mailer: h.deps.mailer,
        publicUrl: 'http://pipewise.test',
        queue: new ImportQueue(h.deps.jobs),
      };
      const child = spawn('bash', ['-c', await testedBlock()], { cwd: dir, env: { ...process.env, ...env } });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (out += d.toString()));
      let finished = false;
      const done = new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? -1)));
      void done.then(() => (finished = true));
      while (!finished) {
        const runs = await h.database.db.execute(
          sql`SELECT id, client_id FROM import_runs WHERE status = 'queued'`,
        );
        for (const r of runs.rows) await executeRun(ctx, Number(r['id']), Number(r['client_id']));
        const imports = await h.database.db.execute(
          sql`SELECT id, client_id, upload_id FROM imports WHERE status = 'queued'`,
        );
        for (const i of imports.rows)
          await runImport(h.database, {
            importId: Number(i['id']),
            clientId: Number(i['client_id']),
            path: uploadPath(h.config.dataDir, String(i['upload_id'])),
          });
        await new Promise((r) => setTimeout(r, 100));
      }
      const code = await done;
      expect(code, out).toBe(0);
      expect(out).toMatch(/committed: run \d+/);
      const versions = await h.database.db.execute(
        sql`SELECT version, type FROM snapshots WHERE group_id = ${groupId} ORDER BY version`,
      );
      expect(versions.rows).toEqual([
        { version: 1, type: 'ARCHIVE' },
        { version: 2, type: 'CURRENT' },
      ]);
    },
  );
});
