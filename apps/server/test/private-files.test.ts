// Issue 18: what the server writes of users' data is readable by its own account only — uploads, the mail outbox,
// the data directory (the embedded database lives under it): directories 0700, files 0600.
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { ADMIN, forEachBackend } from './helpers/harness.ts';
import { uploadOk } from './fixtures/imports-api.ts';

const modeOf = (file: string) => statSync(file).mode & 0o777;

forEachBackend('private files', (h) => {
  it('an upload is stored 0600 in a 0700 folder', async () => {
    const geojson = JSON.stringify({ type: 'FeatureCollection', features: [] });
    const up = await uploadOk(h, await h.token(ADMIN), 'pipes.geojson', new TextEncoder().encode(geojson));
    const dir = path.join(h.config.dataDir, 'uploads');
    expect(modeOf(dir).toString(8)).toBe('700');
    expect(modeOf(path.join(dir, up.id)).toString(8)).toBe('600');
  });

  it('the outbox is 0700 and its mails 0600', async () => {
    await h.request({ method: 'POST', url: '/api/password-reset', body: { email: ADMIN } });
    await h.outbox();
    const dir = path.join(h.config.dataDir, 'outbox');
    expect(modeOf(dir).toString(8)).toBe('700');
    const files = readdirSync(dir);
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(modeOf(path.join(dir, f)).toString(8), f).toBe('600');
  });

  it('a data directory the server creates is 0700', () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'pw-private-')), 'data');
    loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40) });
    expect(modeOf(dataDir).toString(8)).toBe('700');
  });
});
