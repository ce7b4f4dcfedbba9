import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { currentTenant, runForTenant, tenantContextPlugin } from './tenant-context.ts';

describe('tenant context', () => {
  it('carries a job’s client through its awaits, and none outside', async () => {
    expect(currentTenant()).toBeNull();
    const seen = await runForTenant(7, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return currentTenant();
    });
    expect(seen).toBe(7);
    expect(currentTenant()).toBeNull();
  });

  it('gives a request its signed-in user’s client in the handler, after the body is read', async () => {
    const app = Fastify();
    app.decorateRequest('user', null);
    await app.register(tenantContextPlugin);
    app.addHook('preHandler', async (request) => {
      (request as { user: unknown }).user = { clientId: Number(request.headers['x-client']) };
    });
    app.post('/t', async () => {
      await new Promise((resolve) => setImmediate(resolve));
      return { tenant: currentTenant() };
    });
    const [a, b] = await Promise.all(
      [3, 4].map((c) =>
        app.inject({
          method: 'POST',
          url: '/t',
          headers: { 'x-client': String(c) },
          payload: { big: 'x'.repeat(1e5) },
        }),
      ),
    );
    expect(a!.json()).toEqual({ tenant: 3 });
    expect(b!.json()).toEqual({ tenant: 4 });
    await app.close();
  });
});
