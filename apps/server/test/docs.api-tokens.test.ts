// Issue 42: the "Script an import" examples of docs/api-tokens.md, run as written — the sh block with curl and jq,
// the Python block with requests — against this server listening on 127.0.0.1, with an API token and no CSRF.
// The import jobs they queue are run here in-process (tests have no worker), as imports-api.ts does.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ApiTokenCreated } from '@pipewise/domain';
import { runImport } from '../src/modules/imports/import.job.ts';
import { uploadPath } from '../src/modules/imports/upload-files.ts';
import { ADMIN, forEachBackend, type Harness } from './helpers/harness.ts';

const DOC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/api-tokens.md');

/** The fenced block of `lang` right after the doc's "tested" marker for it. */
async function testedBlock(lang: 'sh' | 'python'): Promise<string> {
  const doc = await readFile(DOC, 'utf8');
  const marker = new RegExp(
    `<!-- tested: the ${lang} block below[^>]*-->\\s*\`\`\`${lang}\\n([\\s\\S]*?)\\n\`\`\``,
  );
  const block = marker.exec(doc)?.[1];
  if (!block) throw new Error(`docs/api-tokens.md has no tested ${lang} block`);
  return block;
}

const has = (cmd: string, args: string[]) => {
  try {
    execFileSync(cmd, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
const HAS_CURL = has('curl', ['--version']) && has('jq', ['--version']);
const HAS_REQUESTS = has('python3', ['-c', 'import requests']);

/** Three short mains near Louisville, with the properties the examples map. */
const PIPES = JSON.stringify({
  type: 'FeatureCollection',
  features: [0, 1, 2].map((i) => ({
    type: 'Feature',
    properties: { id: `M${i + 1}`, diameter_mm: 150 + 50 * i, year: 1960 + 10 * i },
    geometry: {
      type: 'LineString',
      coordinates: [
        [-85.7 + 0.001 * i, 38.2],
        [-85.7 + 0.001 * (i + 1), 38.2],
      ],
    },
  })),
});

/** Runs `cmd` with the example's environment while running the import jobs it queues; its output and exit code. */
async function runExample(h: Harness, cwd: string, env: Record<string, string>, cmd: string, args: string[]) {
  const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env } });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const done = new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? -1)));
  let finished = false;
  void done.then(() => (finished = true));
  while (!finished) {
    const queued = await h.database.db.execute(
      sql`SELECT id, client_id, upload_id FROM imports WHERE status = 'queued' ORDER BY id`,
    );
    for (const job of queued.rows) {
      await runImport(h.database, {
        importId: Number(job['id']),
        clientId: Number(job['client_id']),
        path: uploadPath(h.config.dataDir, String(job['upload_id'])),
      });
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { code: await done, out };
}

forEachBackend('docs/api-tokens.md: script an import', (h) => {
  let dir = '';
  let env: Record<string, string> = {};

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pw-doc-'));
    await writeFile(path.join(dir, 'pipes.geojson'), PIPES);
    const address = await h.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await h.request({
      method: 'POST',
      url: '/api/tokens',
      token: await h.token(ADMIN),
      body: { name: 'docs example', scopes: ['read', 'import'] },
    });
    expect(res.statusCode, res.body).toBe(201);
    env = { PIPEWISE_URL: address, PIPEWISE_TOKEN: res.json<ApiTokenCreated>().token };
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  const versions = async () =>
    (
      await h.database.db.execute(sql`
        SELECT s.version, s.type FROM snapshots s JOIN snapshot_groups g ON g.id = s.group_id
        WHERE g.name = 'Scripted mains' ORDER BY s.version`)
    ).rows;

  const pipesOfCurrent = async () =>
    (
      await h.database.db.execute(sql`
        SELECT p.native_pipe_id AS id FROM pipes p JOIN datasets d ON d.id = p.dataset_id
        JOIN snapshots s ON s.id = d.snapshot_id JOIN snapshot_groups g ON g.id = s.group_id
        WHERE g.name = 'Scripted mains' AND s.type = 'CURRENT' ORDER BY 1`)
    ).rows.map((r) => r['id']);

  it.skipIf(!HAS_CURL)('the curl example imports the file into a new network', async () => {
    const script = await testedBlock('sh');
    const { code, out } = await runExample(h, dir, env, 'bash', ['-c', script]);
    expect(code, out).toBe(0);
    expect(out).toMatch(/imported: import \d+/);
    expect(await versions()).toEqual([{ version: 1, type: 'CURRENT' }]);
    expect(await pipesOfCurrent()).toEqual(['M1', 'M2', 'M3']);
  });

  it.skipIf(!HAS_REQUESTS)(
    'the Python example imports it again as a new version of that network',
    async () => {
      const script = await testedBlock('python');
      const { code, out } = await runExample(h, dir, env, 'python3', ['-c', script]);
      expect(code, out).toBe(0);
      expect(out).toMatch(/imported: dataset \d+/);
      const after = await versions();
      expect(after.at(-1)).toEqual({ version: after.length, type: 'CURRENT' });
      expect(await pipesOfCurrent()).toEqual(['M1', 'M2', 'M3']);
    },
  );
});
