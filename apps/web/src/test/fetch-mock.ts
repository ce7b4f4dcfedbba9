// A fake server at the fetch boundary: tests exercise the real api client, case conversion and
// CSRF handling, and assert on what actually went over the wire.
import { vi } from 'vitest';

export interface Call {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}
type Reply = { status?: number; body?: unknown };
type Handler = (call: Call) => Reply | Promise<Reply>;

export function mockApi(routes: Record<string, Handler | Reply>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call: Call = {
      method,
      path: url.pathname,
      body,
      headers: (init?.headers ?? {}) as Record<string, string>,
    };
    if (url.pathname === '/api/csrf') {
      document.cookie = 'pw_csrf=test-csrf; path=/';
      return json(200, { csrf_token: 'test-csrf' });
    }
    calls.push(call);
    const route = routes[`${method} ${url.pathname}`];
    if (!route) return json(404, { status: 404, message: `No mock for ${method} ${url.pathname}` });
    const reply = typeof route === 'function' ? await route(call) : route;
    return json(reply.status ?? 200, reply.body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, find: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key) };
}

function json(status: number, body: unknown): Response {
  if (status === 204 || body === undefined) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
