// Two-step sign-in with a code by e-mail (issue 17, spec 001 §7 send_2fa and check_identity; docs/api-accounts.md
// "Two-step sign-in"), on both databases: the challenge instead of tokens, the code in the user's language, the
// tries, the resend, the expiry and the client policy.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { tokenPairSchema, twoFactorChallengeSchema } from '@pipewise/domain';
import { withSystem } from '../src/db/database.ts';
import {
  ADMIN,
  DEMO_PASSWORD,
  forEachBackend,
  GUEST,
  INSPECTOR,
  JP_ADMIN,
  VIEWER,
  WORKER,
  type Harness,
} from './helpers/harness.ts';

const codeOf = async (h: Harness, to: string): Promise<string> => {
  const mail = (await h.outbox()).filter((m) => m.to === to).at(-1);
  const code = /\b(\d{6})\b/.exec(mail?.subject ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
};

const password = (h: Harness, email: string) =>
  h.request({ method: 'POST', url: '/api/token', body: { email, password: DEMO_PASSWORD } });

const check = (h: Harness, challenge: string, code: string) =>
  h.request({ method: 'POST', url: '/api/check_identity', body: { challenge, code } });

const exec = (h: Harness, q: ReturnType<typeof sql>) => withSystem(h.database.db, (tx) => tx.execute(q));

forEachBackend('two-step sign-in', (h) => {
  const userId = async (email: string): Promise<number> => {
    const users = (await h.request({ url: '/api/admin/clients/1/users', token: await h.token(ADMIN) })).json()
      .users;
    return users.find((u: { email: string }) => u.email === email).id as number;
  };
  const enable = async (email: string, on = true) =>
    h.request({
      method: 'PATCH',
      url: `/api/admin/users/${await userId(email)}`,
      token: await h.token(ADMIN),
      body: { two_factor_enabled: on },
    });

  it('a user with two-step sign-in gets a challenge, a mailed code, and tokens for the right code only', async () => {
    const plain = await password(h, WORKER);
    expect(tokenPairSchema.safeParse(plain.json()).success).toBe(true);
    expect((await enable(WORKER)).statusCode).toBe(200);

    const res = await password(h, WORKER);
    expect(res.statusCode).toBe(200);
    const challenge = twoFactorChallengeSchema.parse(res.json());
    expect(res.json()).not.toHaveProperty('access');
    expect(challenge.sent_to).toBe('w•••@demo.pipewise.local');
    const code = await codeOf(h, WORKER);
    const mail = (await h.outbox()).filter((m) => m.to === WORKER).at(-1)!;
    expect(mail.subject).toBe(`${code} is your Pipewise sign-in code`);
    expect(mail.text).toContain('10 minutes');
    // Neither the challenge nor the code is stored as such.
    const rows = (await exec(h, sql`SELECT id, code_hash FROM two_factor_challenges`)).rows;
    expect(JSON.stringify(rows)).not.toContain(challenge.challenge);
    expect(JSON.stringify(rows)).not.toContain(code);

    const wrong = await check(h, challenge.challenge, code === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({
      code: 'TWO_FACTOR_INVALID',
      message: 'The code is not correct. 4 tries left.',
    });
    expect((await check(h, challenge.challenge, 'abc')).statusCode).toBe(400);

    const ok = await check(h, challenge.challenge, code);
    expect(ok.statusCode).toBe(200);
    const pair = tokenPairSchema.parse(ok.json());
    const me = await h.request({ url: '/api/user/info', token: pair.access });
    expect(me.json().email).toBe(WORKER);
    const again = await check(h, challenge.challenge, code);
    expect(again.json().code).toBe('TWO_FACTOR_EXPIRED');
  });

  it('five wrong codes end the challenge; the right code then no longer works', async () => {
    await enable(WORKER);
    const { challenge } = (await password(h, WORKER)).json();
    const code = await codeOf(h, WORKER);
    const wrongCode = code === '999999' ? '999998' : '999999';
    for (let i = 1; i <= 4; i++)
      expect((await check(h, challenge, wrongCode)).json().code).toBe('TWO_FACTOR_INVALID');
    const locked = await check(h, challenge, wrongCode);
    expect(locked.json()).toMatchObject({
      code: 'TWO_FACTOR_EXPIRED',
      message: 'Too many wrong codes. Please log in again.',
    });
    expect((await check(h, challenge, code)).statusCode).toBe(401);
  });

  // Issue 37: the per-address limit counted successes (an office behind one address got 429 with the right code).
  it('limits wrong codes per account over its challenges, and never counts the right ones', async () => {
    await enable(VIEWER);
    for (let i = 0; i < 31; i++) {
      const { challenge } = (await password(h, VIEWER)).json();
      expect((await check(h, challenge, await codeOf(h, VIEWER))).statusCode, `login ${i + 1}`).toBe(200);
    }
    let failures = 0;
    while (failures < 10) {
      const { challenge } = (await password(h, VIEWER)).json();
      const code = await codeOf(h, VIEWER);
      const wrong = code === '123456' ? '654321' : '123456';
      for (let i = 0; i < 4 && failures < 10; i++, failures++)
        expect((await check(h, challenge, wrong)).json().code).toBe('TWO_FACTOR_INVALID');
    }
    const { challenge } = (await password(h, VIEWER)).json();
    const blocked = await check(h, challenge, await codeOf(h, VIEWER));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many codes tried\. Please wait \d+ minutes/);
    // Another account at the same address is not held up.
    await enable(INSPECTOR);
    const other = (await password(h, INSPECTOR)).json();
    expect((await check(h, other.challenge, await codeOf(h, INSPECTOR))).statusCode).toBe(200);
    await enable(INSPECTOR, false);
    await enable(VIEWER, false);
    await exec(h, sql`DELETE FROM rate_limits WHERE key LIKE '2fa|%'`);
  });

  it('send_2fa sends a new code after a pause, which replaces the old one; an expired challenge is refused', async () => {
    await enable(WORKER);
    const { challenge } = (await password(h, WORKER)).json();
    const first = await codeOf(h, WORKER);
    const soon = await h.request({ method: 'POST', url: '/api/send_2fa', body: { challenge } });
    expect(soon.statusCode).toBe(429);
    expect(soon.json().message).toMatch(/^Please wait \d+ seconds/);

    await exec(h, sql`UPDATE two_factor_challenges SET last_sent_at = now() - interval '1 minute'`);
    const resent = await h.request({ method: 'POST', url: '/api/send_2fa', body: { challenge } });
    expect(resent.statusCode).toBe(200);
    expect(twoFactorChallengeSchema.parse(resent.json()).challenge).toBe(challenge);
    const second = await codeOf(h, WORKER);
    if (second !== first) expect((await check(h, challenge, first)).json().code).toBe('TWO_FACTOR_INVALID');
    expect((await check(h, challenge, second)).statusCode).toBe(200);

    const { challenge: late } = (await password(h, WORKER)).json();
    const lateCode = await codeOf(h, WORKER);
    await exec(h, sql`UPDATE two_factor_challenges SET expires_at = now() - interval '1 second'`);
    expect((await check(h, late, lateCode)).json().code).toBe('TWO_FACTOR_EXPIRED');
    const unknown = await h.request({ method: 'POST', url: '/api/send_2fa', body: { challenge: 'nope' } });
    expect(unknown.json().code).toBe('TWO_FACTOR_EXPIRED');
    await enable(WORKER, false);
    expect(tokenPairSchema.safeParse((await password(h, WORKER)).json()).success).toBe(true);
  });

  it('users turn it on for themselves; the code comes in their language; the demo guest cannot', async () => {
    const token = await h.token(JP_ADMIN);
    expect((await h.request({ url: '/api/user/two-factor', token })).json()).toEqual({
      enabled: false,
      required_by_client: false,
    });
    const on = await h.request({
      method: 'PUT',
      url: '/api/user/two-factor',
      token,
      body: { enabled: true },
    });
    expect(on.json()).toEqual({ enabled: true, required_by_client: false });
    const res = await password(h, JP_ADMIN);
    expect(res.json().two_factor_required).toBe(true);
    const code = await codeOf(h, JP_ADMIN);
    expect((await h.outbox()).at(-1)!.subject).toBe(`Pipewise のサインインコード: ${code}`);

    const guest = await h.request({
      method: 'PUT',
      url: '/api/user/two-factor',
      token: await h.token(GUEST),
      body: { enabled: true },
    });
    expect(guest.statusCode).toBe(403);
    expect((await h.request({ url: '/api/user/two-factor' })).statusCode).toBe(401);
  });

  // Issue 37: an access token alone switched the code off, even one issued before it was switched on.
  it('asks for the password and a mailed code to turn it off, and ends the other sessions when it is turned on', async () => {
    const put = (token: string, body: unknown) =>
      h.request({ method: 'PUT', url: '/api/user/two-factor', token, body });
    const before = await h.login(INSPECTOR);
    const mine = await h.login(INSPECTOR);
    expect((await put(mine.access, { enabled: true })).json()).toMatchObject({ enabled: true });
    // The session that signed in without a code is over, access and refresh; this one goes on.
    expect((await h.request({ url: '/api/user/info', token: before.access })).statusCode).toBe(401);
    expect(
      (await h.request({ method: 'POST', url: '/api/token/refresh', body: { refresh: before.refresh } }))
        .statusCode,
    ).toBe(401);
    expect((await h.request({ url: '/api/user/info', token: mine.access })).statusCode).toBe(200);

    const none = await put(mine.access, { enabled: false });
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toEqual([
      { field: 'password', rule: 'required', message: 'validations.required' },
    ]);
    const wrong = await put(mine.access, { enabled: false, password: 'not-it' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'WRONG_PASSWORD', fields: [{ field: 'password' }] });
    expect((await h.request({ url: '/api/user/two-factor', token: mine.access })).json().enabled).toBe(true);
    // The right password answers a challenge and mails a code; the setting does not move yet.
    const asked = await put(mine.access, { enabled: false, password: DEMO_PASSWORD });
    expect(asked.statusCode).toBe(202);
    const { challenge } = twoFactorChallengeSchema.parse(asked.json());
    const code = await codeOf(h, INSPECTOR);
    expect((await h.request({ url: '/api/user/two-factor', token: mine.access })).json().enabled).toBe(true);
    // The code without the password, or a wrong code, does not turn it off; nor does the challenge sign anyone in.
    expect((await put(mine.access, { enabled: false, challenge, code })).statusCode).toBe(400);
    const badCode = await put(mine.access, {
      enabled: false,
      password: DEMO_PASSWORD,
      challenge,
      code: '000000' === code ? '111111' : '000000',
    });
    expect(badCode.statusCode).toBe(401);
    expect(badCode.json().code).toBe('TWO_FACTOR_INVALID');
    expect((await check(h, challenge, code)).json().code).toBe('TWO_FACTOR_EXPIRED');
    // Another user's session cannot use this user's challenge.
    const worker = (await h.login(WORKER)).access;
    expect((await put(worker, { enabled: true })).statusCode).toBe(200);
    const other = await put(worker, { enabled: false, password: DEMO_PASSWORD, challenge, code });
    expect(other.json().code).toBe('TWO_FACTOR_EXPIRED');
    expect((await h.request({ url: '/api/user/two-factor', token: worker })).json().enabled).toBe(true);
    await enable(WORKER, false);

    const off = await put(mine.access, { enabled: false, password: DEMO_PASSWORD, challenge, code });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ enabled: false, required_by_client: false });
    // Used once only.
    expect((await put(mine.access, { enabled: true })).statusCode).toBe(200);
    const again = await put(mine.access, { enabled: false, password: DEMO_PASSWORD, challenge, code });
    expect(again.json().code).toBe('TWO_FACTOR_EXPIRED');
  });

  it("a client's administrator requires codes of every user of the client, except the shared demo guest", async () => {
    const adminToken = await h.token(ADMIN);
    const put = await h.request({
      method: 'PUT',
      url: '/api/clientinfoentity',
      token: adminToken,
      body: { require_two_factor: true },
    });
    expect(put.json().require_two_factor).toBe(true);
    const viewer = await password(h, VIEWER);
    expect(viewer.json().two_factor_required).toBe(true);
    expect(await codeOf(h, VIEWER)).toMatch(/^\d{6}$/);
    const guest = await h.request({
      method: 'POST',
      url: '/api/token',
      body: { email: GUEST, password: DEMO_PASSWORD },
    });
    expect(tokenPairSchema.safeParse(guest.json()).success).toBe(true);
    const setting = await h.request({ url: '/api/user/two-factor', token: adminToken });
    expect(setting.json().required_by_client).toBe(true);
    await h.request({
      method: 'PUT',
      url: '/api/clientinfoentity',
      token: adminToken,
      body: { require_two_factor: false },
    });
  });
});
