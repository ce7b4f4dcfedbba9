// The reset mail reaches a real SMTP server when SMTP_URL is set.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useHarness, VIEWER } from './helpers/harness.ts';

const received: { to: string[]; data: string }[] = [];
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    let data = '';
    stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
      callback();
    });
  },
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // The harness reads SMTP_URL in its own beforeAll, which runs after this one.
  process.env['PW_TEST_SMTP_PORT'] = String((server.server.address() as AddressInfo).port);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('mail over SMTP', () => {
  const h = useHarness('pglite', {
    env: {
      get SMTP_URL() {
        return `smtp://127.0.0.1:${process.env['PW_TEST_SMTP_PORT']}`;
      },
      MAIL_FROM: 'Pipewise <no-reply@pipewise.test>',
    } as Record<string, string>,
  });

  it('delivers the password reset mail to the SMTP server', async () => {
    const res = await h.request({ method: 'POST', url: '/api/password-reset', body: { email: VIEWER } });
    expect(res.statusCode).toBe(204);
    await h.deps.background.idle(); // sent after the answer (issue 18)
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual([VIEWER]);
    expect(received[0]!.data).toMatch(/Subject: Reset your Pipewise password/);
    expect(received[0]!.data).toMatch(/pipewise\.test\/user\/reset\?id=/);
    // Nothing goes to the outbox when SMTP is configured.
    expect(await h.outbox()).toEqual([]);
    const cfg = await h.request({ url: '/api/config' });
    expect(cfg.json().outbox).toBe(false);
  });

  it('carries attachments (exports) as MIME parts', async () => {
    await h.deps.mailer.send({
      to: VIEWER,
      subject: 'Export',
      text: 'attached',
      html: '<p>attached</p>',
      attachments: [
        { filename: 'pipes.csv', contentType: 'text/csv; charset=utf-8', content: 'id\r\n1\r\n' },
      ],
    });
    const last = received.at(-1)!;
    expect(last.data).toMatch(/Content-Type: text\/csv; charset=utf-8; name=pipes\.csv/);
    expect(last.data).toMatch(/Content-Disposition: attachment; filename=pipes\.csv/);
  });
});
