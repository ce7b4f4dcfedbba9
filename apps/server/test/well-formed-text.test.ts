// Issue 37: a lone UTF-16 surrogate in a text field answered 500 (PostgreSQL refused it in the row or its audit
// entry). It is refused at the edge with a 400 naming the field, on every route, and nothing is written.
import { expect, it } from 'vitest';
import { forEachBackend, WORKER } from './helpers/harness.ts';

const LONE = 'Wendy \ud800';

forEachBackend('ill-formed Unicode', (h) => {
  const patch = async (body: unknown) =>
    h.request({ method: 'PATCH', url: '/api/user/information', token: await h.token(WORKER), body });

  it('refuses a lone surrogate in a user field with 400 naming it, and keeps the old value', async () => {
    for (const [field, value] of [
      ['full_name', LONE],
      ['phone', '555\udc00'],
      ['zip_code', '\ud800\ud800'],
    ] as const) {
      const res = await patch({ [field]: value });
      expect(res.statusCode, field).toBe(400);
      expect(res.json()).toMatchObject({
        status: 400,
        code: 'VALIDATION',
        fields: [{ field, rule: 'unicode', message: 'validations.unicode' }],
      });
      expect(res.json().message).toContain(field);
    }
    const info = await h.request({ url: '/api/user/info', token: await h.token(WORKER) });
    expect(info.json().full_name).toBe('Wendy Worker');
  });

  it('reads well-formed text of any plane, a surrogate pair included', async () => {
    const res = await patch({ full_name: 'Wendy 💧 Worker' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().full_name).toBe('Wendy 💧 Worker');
    expect((await patch({ full_name: 'Wendy Worker' })).statusCode).toBe(200);
  });

  it('refuses it before sign-in too, in keys and nested values, and in the query string', async () => {
    const register = await h.request({
      method: 'POST',
      url: '/api/users',
      body: { email: 'new@example.com', full_name: LONE, client_code: 'X', password: 'Secret-pass-1' },
    });
    expect(register.statusCode).toBe(400);
    expect(register.json().fields).toEqual([
      { field: 'full_name', rule: 'unicode', message: 'validations.unicode' },
    ]);
    const key = await patch({ ['bad\ud800']: 1 });
    expect(key.json().fields[0].field).toBe('bad\ud800');
    const nested = await h.request({
      method: 'POST',
      url: '/api/users',
      body: { list: [{ name: 'ok' }, { name: '\udfff' }] },
    });
    expect(nested.json().fields[0].field).toBe('list.1.name');
    const query = await h.request({ url: '/api/exports?page=%ED%A0%80', token: await h.token(WORKER) });
    expect(query.statusCode).toBe(400);
  });
});
