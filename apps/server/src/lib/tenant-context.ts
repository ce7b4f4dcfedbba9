// Which client the work in hand is for, without passing it through every call: shared pools (the parse threads)
// use it to share themselves fairly between tenants (issue 37: one client's crafted uploads held every thread, and
// another client's 12-pipe upload waited 287 s). A request carries its signed-in user's client; a job its own.
// Node's AsyncLocalStorage is the tool made for this; @fastify/request-context wraps the same, and more than we need.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** A client id; null for work of no client (sign-up, staff tools, tests). */
export type Tenant = number | null;

const store = new AsyncLocalStorage<{ tenant: () => Tenant }>();

/** Runs `fn` as work for this client. */
export function runForTenant<T>(tenant: Tenant, fn: () => T): T {
  return store.run({ tenant: () => tenant }, fn);
}

/** The client of the work in hand, null when none is known. */
export const currentTenant = (): Tenant => store.getStore()?.tenant() ?? null;

// preValidation, not onRequest: the body has been read by then (a context entered before the body's stream events
// is lost in them), and the handler runs inside it. The user is read when asked: authentication may come later.
declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: a route that hands no work to shared pools (tiles), spared the context (issue 41). */
    tenantContext?: false;
  }
}

async function tenantContext(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.routeOptions.config.tenantContext === false) return done();
    store.run({ tenant: () => request.user?.clientId ?? null }, done);
  });
}

export const tenantContextPlugin = fp(tenantContext, { name: 'tenant-context' });
