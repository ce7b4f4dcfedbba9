// WEB_DIST: the built web app is served with SPA fallback; /api paths keep the JSON 404.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import errorsPlugin from '../src/plugins/errors.ts';
import webPlugin from '../src/plugins/web.ts';

async function appWith(webDist: string | undefined) {
  const app = Fastify();
  await app.register(errorsPlugin);
  await app.register(webPlugin, { webDist });
  await app.ready();
  return app;
}

describe('web app serving', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'pw-web-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Pipewise</title>');
  writeFileSync(path.join(dist, 'app.js'), 'console.log(1)');
  const apps: Awaited<ReturnType<typeof appWith>>[] = [];
  afterAll(async () => Promise.all(apps.map((a) => a.close())));

  it('serves files, falls back to index.html for app routes, 404s /api', async () => {
    const app = await appWith(dist);
    apps.push(app);
    expect((await app.inject('/app.js')).body).toBe('console.log(1)');
    const spa = await app.inject('/user/login?redirect=/map');
    expect(spa.statusCode).toBe(200);
    expect(spa.headers['content-type']).toMatch(/text\/html/);
    expect(spa.body).toContain('<title>Pipewise</title>');
    const api = await app.inject('/api/nothing');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('without a built app, every unknown path is a JSON 404', async () => {
    const app = await appWith(path.join(dist, 'missing'));
    apps.push(app);
    expect((await app.inject('/map')).statusCode).toBe(404);
  });
});
