// Mail through nodemailer over SMTP_URL; without it, each mail is a JSON file in DATA_DIR/outbox
// (ARCHITECTURE.md), listed to staff by GET /api/admin/outbox.
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { OutboxMail } from '@pipewise/domain';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
  /** Newest first; empty for SMTP. */
  outbox(limit?: number): Promise<OutboxMail[]>;
  close(): void;
}

export function createMailer(opts: { smtpUrl?: string; from: string; dataDir: string }): Mailer {
  return opts.smtpUrl ? smtpMailer(opts.smtpUrl, opts.from) : outboxMailer(path.join(opts.dataDir, 'outbox'));
}

function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
    outbox: async () => [],
    close: () => transport.close(),
  };
}

function outboxMailer(dir: string): Mailer {
  return {
    kind: 'outbox',
    async send(mail) {
      await mkdir(dir, { recursive: true });
      const id = randomUUID();
      const createdAt = new Date();
      // The time prefix keeps file names in send order.
      const file = `${createdAt.toISOString().replace(/[:.]/g, '-')}-${id}.json`;
      await writeFile(
        path.join(dir, file),
        JSON.stringify({ id, ...mail, created_at: createdAt.toISOString() }),
      );
    },
    async outbox(limit = 200) {
      const files = await readdir(dir).catch(() => [] as string[]);
      const names = files
        .filter((f) => f.endsWith('.json'))
        .sort()
        .reverse()
        .slice(0, limit);
      const mails = await Promise.all(
        names.map(async (name) => JSON.parse(await readFile(path.join(dir, name), 'utf8')) as OutboxMail),
      );
      return mails.map(({ id, to, subject, text, created_at }) => ({ id, to, subject, text, created_at }));
    },
    close: () => undefined,
  };
}
