// Mail through nodemailer over SMTP_URL; without it, each mail is a JSON file in DATA_DIR/outbox
// (ARCHITECTURE.md), listed to staff by GET /api/admin/outbox. Attachments (exports) are kept in the outbox too,
// as files in a folder named like the mail's JSON file (without .json), which records their names and sizes.
import { randomUUID } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { OutboxMail } from '@pipewise/domain';
import { PRIVATE_FILE_MODE, privateDir } from '../lib/private-files.ts';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string | Buffer;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

/** What an outbox JSON file records of an attachment; `path` is relative to the outbox folder. */
export interface OutboxAttachment {
  filename: string;
  content_type: string;
  size: number;
  path: string;
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
      await privateDir(dir);
      const id = randomUUID();
      const createdAt = new Date();
      // The time prefix keeps file names in send order.
      const stem = `${createdAt.toISOString().replace(/[:.]/g, '-')}-${id}`;
      const { attachments, ...rest } = mail;
      const saved = attachments?.length ? await saveAttachments(dir, stem, attachments) : undefined;
      // The JSON is written last: a listed mail always has its attachments in place.
      await writeFile(
        path.join(dir, `${stem}.json`),
        JSON.stringify({
          id,
          ...rest,
          ...(saved ? { attachments: saved } : {}),
          created_at: createdAt.toISOString(),
        }),
        { mode: PRIVATE_FILE_MODE },
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

async function saveAttachments(dir: string, stem: string, attachments: MailAttachment[]) {
  await privateDir(path.join(dir, stem));
  return Promise.all(
    attachments.map(async (a, i): Promise<OutboxAttachment> => {
      // The name comes from our code, but never let it leave the folder.
      const name = `${i}-${path.basename(a.filename)}`;
      await writeFile(path.join(dir, stem, name), a.content, { mode: PRIVATE_FILE_MODE });
      const size = typeof a.content === 'string' ? Buffer.byteLength(a.content) : a.content.length;
      return { filename: a.filename, content_type: a.contentType, size, path: `${stem}/${name}` };
    }),
  );
}
