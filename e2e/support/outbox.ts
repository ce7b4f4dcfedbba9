import { test } from '@playwright/test';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serverOf } from './servers.ts';

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  /** Saved beside the mail: `path` is relative to the outbox folder. */
  attachments?: { filename: string; content_type: string; size: number; path: string }[];
}

/** The outbox of the server of the running test's worker. */
const outboxDir = () => join(serverOf(test.info().parallelIndex).dataDir, 'outbox');

/** The text of an attachment of an outbox mail. */
export async function attachmentText(mail: OutboxMail, index = 0): Promise<string> {
  const file = mail.attachments?.[index];
  if (!file) throw new Error(`the mail '${mail.subject}' has no attachment ${index}`);
  return readFile(join(outboxDir(), file.path), 'utf8');
}

/**
 * Mails of the worker's e2e server: without SMTP_URL each mail is a JSON file in DATA_DIR/outbox (each server's
 * DATA_DIR: support/servers.ts). File names sort in send order.
 */
export async function latestMailTo(to: string): Promise<OutboxMail | undefined> {
  const dir = outboxDir();
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.json')).sort();
  for (const file of files.reverse()) {
    const mail = JSON.parse(await readFile(join(dir, file), 'utf8')) as OutboxMail;
    if (mail.to === to) return mail;
  }
  return undefined;
}
