// Issue 18: error logs carry no personal data and no SQL parameters. A failed query's error holds its parameters
// (in its message and stack too) and PostgreSQL's detail names the values of a violated key; a mail's recipient is
// censored wherever a log line names one.
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { withSystem, type Db } from '../src/db/database.ts';
import { loggerOptions } from '../src/lib/log-options.ts';
import { forEachBackend } from './helpers/harness.ts';

const lines: string[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(chunk.toString());
    done();
  },
});
let db: Db | undefined;
const PRIVATE = 'nora.private@example.com';

forEachBackend(
  'error logs',
  (h) => {
    it('a failed query is logged without its parameters or the detail of the violated key', async () => {
      db = h.database.db;
      lines.length = 0;
      const res = await h.request({ url: '/test/failed-query' });
      expect(res.statusCode).toBe(500);
      expect(JSON.stringify(res.json())).not.toContain(PRIVATE);
      const logged = lines.join('\n');
      expect(logged).toContain('unhandled error');
      expect(logged).toContain('Failed query');
      expect(logged).toContain('params: [redacted]');
      expect(logged).not.toContain(PRIVATE);
    });

    it('a mail recipient in a log line is censored', () => {
      lines.length = 0;
      h.app.log.error({ to: PRIVATE, user: { email: PRIVATE } }, 'mail could not be sent');
      expect(lines.join('\n')).not.toContain(PRIVATE);
    });
  },
  {
    app: {
      logger: { ...loggerOptions('info', 'production'), stream },
      beforeReady: (app) => {
        // A duplicate e-mail: the query's parameters and PostgreSQL's detail both hold the address.
        app.get('/test/failed-query', async () =>
          withSystem(db!, async (tx) => {
            await tx.execute(sql`CREATE TEMP TABLE IF NOT EXISTS t_emails (email text UNIQUE)`);
            await tx.execute(sql`INSERT INTO t_emails VALUES (${PRIVATE})`);
            await tx.execute(sql`INSERT INTO t_emails VALUES (${PRIVATE})`);
          }),
        );
      },
    },
  },
);
