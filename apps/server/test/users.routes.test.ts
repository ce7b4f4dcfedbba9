import { expect, it } from 'vitest';
import { userSchema } from '@pipewise/domain';
import { ADMIN, forEachBackend, GUEST, INSPECTOR, JP_ADMIN, WORKER } from './helpers/harness.ts';

forEachBackend('user routes', (h) => {
  it('GET /api/user/info returns the full User', async () => {
    const token = await h.token(INSPECTOR);
    const res = await h.request({ url: '/api/user/info', token });
    expect(res.statusCode).toBe(200);
    const user = userSchema.parse(res.json());
    expect(user).toMatchObject({
      email: INSPECTOR,
      permission_group_type_code: 2,
      permission_group_type_code2: [5],
      is_staff: false,
      is_demo: false,
      country: 'US',
      client: { id: 1, name: 'Demo Water Utility (US)', details: { country: 'US' } },
      settings: { grid: false },
      units: {
        language: 'en',
        default: { segment: 'ft', diameter: 'in', segment_large: 'mi' },
        currency_code: 'USD',
      },
    });
    expect(user.subscriptions).toHaveLength(8);
    // auth_expiry is the exp of the presented access token.
    const exp = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).exp;
    expect(user.auth_expiry).toBe(new Date(exp * 1000).toISOString());
    expect(JSON.stringify(res.json())).not.toMatch(/password/);
  });

  it('JP users get metric units, yen and the JP subscriptions', async () => {
    const res = await h.request({ url: '/api/user/info', token: await h.token(JP_ADMIN) });
    expect(res.json()).toMatchObject({
      language: 'ja',
      client: { id: 2, details: { country: 'JP' } },
      subscriptions: ['COF', 'LOF', 'RUL', 'VP', 'POPULATION'],
      units: { default: { segment: 'm' }, user: { diameter: 'mm' }, currency_code: 'JPY' },
    });
  });

  it('PATCH /api/user/information changes only the fields sent', async () => {
    const token = await h.token(WORKER);
    const res = await h.request({
      method: 'PATCH',
      url: '/api/user/information',
      token,
      body: { phone: '555-123-4567', zip_code: '12345-6789' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      full_name: 'Wendy Worker',
      phone: '555-123-4567',
      zip_code: '12345-6789',
    });
    const cleared = await h.request({
      method: 'PATCH',
      url: '/api/user/information',
      token,
      body: { phone: '' },
    });
    expect(cleared.json()).toMatchObject({ phone: null, zip_code: '12345-6789' });
  });

  it('PATCH /api/user/information rejects bad fields', async () => {
    const token = await h.token(WORKER);
    const res = await h.request({
      method: 'PATCH',
      url: '/api/user/information',
      token,
      body: { zip_code: '12', country: 'XX', full_name: '', email: 'new@example.com' },
    });
    expect(res.statusCode).toBe(400);
    const rules = Object.fromEntries(
      res.json().fields.map((f: { field: string; rule: string }) => [f.field, f.rule]),
    );
    expect(rules).toMatchObject({
      zip_code: 'zip_code',
      country: 'country',
      full_name: 'required',
      email: 'unknown_field',
    });
  });

  it('PATCH /api/user/information checks the zip code against the country', async () => {
    const token = await h.token(WORKER);
    const jpZipForUs = await h.request({
      method: 'PATCH',
      url: '/api/user/information',
      token,
      body: { zip_code: '100-0001' },
    });
    expect(jpZipForUs.statusCode).toBe(400);
    expect(jpZipForUs.json().fields).toEqual([
      { field: 'zip_code', rule: 'zip_code', message: 'validations.zip_code' },
    ]);
    const usZipForJp = await h.request({
      method: 'PATCH',
      url: '/api/user/information',
      token,
      body: { country: 'JP', zip_code: '12345' },
    });
    expect(usZipForJp.statusCode).toBe(400);
    const ok = await h.request({
      method: 'PATCH',
      url: '/api/user/information',
      token,
      body: { country: 'JP', zip_code: '100-0001' },
    });
    expect(ok.json()).toMatchObject({ country: 'JP', zip_code: '100-0001' });
    await h.request({
      method: 'PATCH',
      url: '/api/user/information',
      token,
      body: { country: 'US', zip_code: '' },
    });
  });

  it('GET and PUT /api/user/language-timezone', async () => {
    const token = await h.token(WORKER);
    const before = await h.request({ url: '/api/user/language-timezone', token });
    expect(before.json()).toMatchObject({ time_zone: 'UTC', locale: 'en-US', language: 'en' });
    const units = { segment: 'm', diameter: 'mm', segment_large: 'km' };
    const res = await h.request({
      method: 'PUT',
      url: '/api/user/language-timezone',
      token,
      body: { time_zone: 'Europe/Berlin', locale: 'de-DE', language: 'de', units },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      time_zone: 'Europe/Berlin',
      locale: 'de-DE',
      language: 'de',
      units: { language: 'de', user: units, default: { segment: 'ft' } },
    });
    const bad = await h.request({
      method: 'PUT',
      url: '/api/user/language-timezone',
      token,
      body: { time_zone: 'Mars/Olympus', locale: 'english', language: 'kl' },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['language', 'locale', 'time_zone']);
  });

  it('GET and PATCH /api/user/receive-emails', async () => {
    const token = await h.token(WORKER);
    expect((await h.request({ url: '/api/user/receive-emails', token })).json()).toEqual({
      receive_emails: true,
    });
    const res = await h.request({
      method: 'PATCH',
      url: '/api/user/receive-emails',
      token,
      body: { receive_emails: false },
    });
    expect(res.json()).toEqual({ receive_emails: false });
    expect((await h.request({ url: '/api/user/receive-emails', token })).json()).toEqual({
      receive_emails: false,
    });
    const bad = await h.request({
      method: 'PATCH',
      url: '/api/user/receive-emails',
      token,
      body: { receive_emails: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('PUT /api/user/application-settings stores grid', async () => {
    const token = await h.token(WORKER);
    const res = await h.request({
      method: 'PUT',
      url: '/api/user/application-settings',
      token,
      body: { grid: true },
    });
    expect(res.json()).toEqual({ grid: true });
    expect((await h.request({ url: '/api/user/info', token })).json().settings).toEqual({ grid: true });
    const bad = await h.request({ method: 'PUT', url: '/api/user/application-settings', token, body: {} });
    expect(bad.statusCode).toBe(400);
  });

  it('PUT /api/user/password checks the current password and the rule', async () => {
    const email = 'viewer@demo.pipewise.local';
    const token = await h.token(email);
    const wrong = await h.request({
      method: 'PUT',
      url: '/api/user/password',
      token,
      body: { current_password: 'nope-nope-1', new_password: 'Another-pass-2' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'WRONG_PASSWORD', fields: [{ field: 'current_password' }] });
    const weak = await h.request({
      method: 'PUT',
      url: '/api/user/password',
      token,
      body: { current_password: 'Pipewise-demo-1', new_password: 'short' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields).toEqual([
      { field: 'new_password', rule: 'password', message: 'validations.password' },
    ]);
    const ok = await h.request({
      method: 'PUT',
      url: '/api/user/password',
      token,
      body: { current_password: 'Pipewise-demo-1', new_password: 'Another-pass-2' },
    });
    expect(ok.statusCode).toBe(200);
    await expect(h.login(email, 'Another-pass-2')).resolves.toHaveProperty('access');
  });

  it('GET /api/users/{id}: the full user for oneself and administrators, only the name for anyone else', async () => {
    // Issue 18: any viewer, and the public demo guest, read every colleague's e-mail, phone and role.
    const adminInfo = (await h.request({ url: '/api/user/info', token: await h.token(ADMIN) })).json();
    const url = `/api/users/${adminInfo.id}`;
    for (const email of [INSPECTOR, GUEST, WORKER]) {
      const res = await h.request({ url, token: await h.token(email) });
      expect(res.statusCode, email).toBe(200);
      expect(res.json(), email).toEqual({ id: adminInfo.id, full_name: adminInfo.full_name });
    }
    const inspector = (await h.request({ url: '/api/user/info', token: await h.token(INSPECTOR) })).json();
    const byAdmin = await h.request({ url: `/api/users/${inspector.id}`, token: await h.token(ADMIN) });
    expect(byAdmin.json()).toMatchObject({ email: INSPECTOR, permission_group_type_code: 2 });
    const bySelf = await h.request({ url: `/api/users/${inspector.id}`, token: await h.token(INSPECTOR) });
    expect(bySelf.json()).toMatchObject({ email: INSPECTOR, phone: inspector.phone });
  });

  it('every user call needs a token', async () => {
    for (const [method, url] of [
      ['GET', '/api/user/info'],
      ['PATCH', '/api/user/information'],
      ['GET', '/api/user/language-timezone'],
      ['PUT', '/api/user/language-timezone'],
      ['GET', '/api/user/receive-emails'],
      ['PATCH', '/api/user/receive-emails'],
      ['PUT', '/api/user/application-settings'],
      ['PUT', '/api/user/password'],
      ['GET', '/api/clients/current'],
      ['GET', '/api/client-users'],
      ['GET', '/api/users/1'],
      ['GET', '/api/admin/clients'],
      ['PATCH', '/api/admin/users/1/set-client'],
      ['GET', '/api/admin/outbox'],
    ] as const) {
      const res = await h.request({ method, url, body: method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
