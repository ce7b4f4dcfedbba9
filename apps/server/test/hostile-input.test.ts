// Issue 18: no request answers 500 for input PostgreSQL cannot take. Walks every operation of the OpenAPI
// document (a new route is covered without editing this file) with a NUL in each path, query and body string
// (and in a key), an id past int4 in each integer parameter, and a number past int4 in each body integer: every
// answer is a 4xx (the central rule of src/lib/validator-compiler.ts and the id schemas of domain/api/ids.ts).
import { expect, it } from 'vitest';
import { ADMIN, forEachBackend, type Harness } from './helpers/harness.ts';
import { leaves, operationsOf, sample, withLeaf, type Operation } from './helpers/openapi-samples.ts';

const NUL = 'a\u0000b';
const PAST_INT4 = 2_147_483_648;

interface Sent {
  what: string;
  status: number;
  /** A body or query number past int4 may be valid (a budget, a page): any answer but 5xx. */
  mayPass: boolean;
}

function urlOf(op: Operation, params: Record<string, unknown>): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])));
  const query = op.parameters
    .filter((p) => p.in === 'query' && params[p.name] !== undefined && params[p.name] !== null)
    .map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(String(params[p.name]))}`);
  return query.length > 0 ? `${path}?${query.join('&')}` : path;
}

/** Every hostile variant of one operation, each sent alone on an otherwise valid request. */
async function walk(h: Harness, op: Operation, token: string): Promise<Sent[]> {
  const params = Object.fromEntries(op.parameters.map((p) => [p.name, sample(p.schema ?? {})]));
  const body = op.body ? sample(op.body) : undefined;
  const sent: Sent[] = [];
  const send = async (what: string, ps: Record<string, unknown>, b: unknown, mayPass = false) => {
    const res = await h.request({
      method: op.method as 'GET',
      url: urlOf(op, ps),
      token,
      ...(b === undefined ? {} : { body: b }),
    });
    sent.push({ what: `${op.method} ${op.path} ${what}`, status: res.statusCode, mayPass });
  };
  for (const p of op.parameters.filter((p) => p.in !== 'header')) {
    await send(`${p.name}=NUL`, { ...params, [p.name]: NUL }, body);
    if (p.schema?.type === 'integer') {
      // A path integer names a row: past its column it is a 4xx. A query integer may be a page number.
      const mayPass = p.in === 'query';
      await send(`${p.name}=2^31`, { ...params, [p.name]: String(PAST_INT4) }, body, mayPass);
      await send(`${p.name}=1e20`, { ...params, [p.name]: '99999999999999999999' }, body);
    }
  }
  if (op.body && body !== undefined) {
    for (const leaf of leaves(body, op.body)) {
      const at = leaf.path.join('.') || 'body';
      if (leaf.schema.type === 'string') await send(`${at}=NUL`, params, withLeaf(body, leaf.path, NUL));
      if (leaf.schema.type === 'integer')
        await send(`${at}=2^31`, params, withLeaf(body, leaf.path, PAST_INT4), true);
    }
    if (body !== null && typeof body === 'object' && !Array.isArray(body))
      await send('key NUL', params, { ...body, ['k\u0000']: 'x' });
  }
  return sent;
}

forEachBackend('hostile input on every route', (h) => {
  it('answers 4xx, never 500, to a NUL or an out-of-range id anywhere in any request', async () => {
    const doc = (await h.request({ url: '/api/docs/json' })).json();
    const token = await h.token(ADMIN);
    const operations = operationsOf(doc).filter((op) => !op.multipart);
    expect(operations.length).toBeGreaterThan(100);
    const sent: Sent[] = [];
    for (const op of operations) sent.push(...(await walk(h, op, token)));
    expect(sent.length).toBeGreaterThan(500);
    const wrong = sent.filter((s) => s.status >= 500 || (s.status < 400 && !s.mayPass));
    expect(wrong).toEqual([]);
  }, 300_000);

  it('names the field holding a NUL, in a body, a key or a query', async () => {
    const token = await h.token(ADMIN);
    const body = await h.request({
      method: 'POST',
      url: '/api/datasets',
      token,
      body: { name: 'Network\u0000 2' },
    });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toMatchObject({
      code: 'VALIDATION',
      fields: [{ field: 'name', rule: 'regex', message: 'validations.regex' }],
    });
    const query = await h.request({ url: '/api/datasets/1/assets/search?q=a%00b', token });
    expect(query.statusCode).toBe(400);
    expect(query.json().fields).toEqual([{ field: 'q', rule: 'regex', message: 'validations.regex' }]);
  });

  it('refuses a path id past int4 as a field error, before any query', async () => {
    const token = await h.token(ADMIN);
    const res = await h.request({ url: `/api/users/${PAST_INT4}`, token });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([{ field: 'id', rule: 'max_value', message: 'validations.max_value' }]);
  });
});
