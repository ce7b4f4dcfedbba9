// Issue 18: registration and the password-reset call answer alike whether or not the address has an account —
// the mail went out before the answer, making the call twice as slow for an existing account. Here the mail
// server never answers until the test lets it: the calls must answer anyway, and the mail follow.
import { describe, expect, it } from 'vitest';
import type { Mail, Mailer } from '../src/mail/mailer.ts';
import { BACKENDS } from './helpers/backends.ts';
import { ADMIN, useHarness } from './helpers/harness.ts';

/** A mail server that holds every message until `release()`. */
function heldMailer() {
  const sent: Mail[] = [];
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const mailer: Mailer = {
    kind: 'smtp',
    async send(mail) {
      await gate;
      sent.push(mail);
    },
    outbox: async () => [],
    close: () => release(),
  };
  return { mailer, sent, release: () => release() };
}

// One held mailer per backend: the first backend's release must not open the second's gate.
describe.each(BACKENDS)('account mail after the answer [%s]', (kind) => {
  const held = heldMailer();
  const h = useHarness(kind, { app: { mailer: held.mailer } });
  const newUser = {
    full_name: 'Held Mail',
    password: 'Secret-pass-1',
    password_confirmation: 'Secret-pass-1',
    client_code: 'DEMO-US',
  };

  it('answers registration and reset while the mail server has not answered, then sends', async () => {
    const calls = [
      h.request({
        method: 'POST',
        url: '/api/users',
        body: { ...newUser, email: `new-${h.kind}@example.com` },
      }),
      h.request({ method: 'POST', url: '/api/users', body: { ...newUser, email: ADMIN } }),
      h.request({ method: 'POST', url: '/api/password-reset', body: { email: ADMIN } }),
      h.request({ method: 'POST', url: '/api/password-reset', body: { email: 'ghost@example.com' } }),
    ];
    const answers = await Promise.all(calls);
    expect(answers.map((r) => r.statusCode)).toEqual([202, 202, 204, 204]);
    expect(answers[0]!.json()).toEqual({ email: `new-${h.kind}@example.com` });
    expect(answers[1]!.json()).toEqual({ email: ADMIN });
    expect(held.sent).toEqual([]);

    held.release();
    await h.deps.background.idle();
    expect(held.sent.map((m) => `${m.to} ${m.subject}`).sort()).toEqual([
      `${ADMIN} Reset your Pipewise password`,
      `${ADMIN} Your Pipewise account`,
      `new-${h.kind}@example.com Welcome to Pipewise`,
    ]);
  });
});
