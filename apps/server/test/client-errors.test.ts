// POST /api/client-errors: the web's error-reporting service (000 §8, 001 §8; RPT-14, FILT-SAV-07, PLAN-SCN-14).
import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { ADMIN, forEachBackend } from './helpers/harness.ts';

/** The server log's warnings, as the operator's log tooling would read them. */
const lines: Record<string, unknown>[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line));
    done();
  },
});
const reports = () => lines.filter((l) => l['msg'] === 'web client error');

forEachBackend(
  'client error reports',
  (h) => {
    it('logs a signed-in user’s report with the user, the client and the page', async () => {
      lines.length = 0;
      const token = await h.token(ADMIN);
      const res = await h.request({
        method: 'POST',
        url: '/api/client-errors',
        token,
        headers: { 'user-agent': 'test-browser' },
        body: {
          message: 'Loading the COF report failed',
          detail: 'ApiError: boom (HTTP 500)',
          page: '/reports/cof',
        },
      });
      expect(res.statusCode).toBe(204);
      const [report] = reports();
      expect(report).toMatchObject({
        level: 40,
        clientError: {
          message: 'Loading the COF report failed',
          detail: 'ApiError: boom (HTTP 500)',
          page: '/reports/cof',
        },
        clientId: 1,
        userAgent: 'test-browser',
      });
      expect(report!['userId']).toEqual(expect.any(Number));
    });

    it('still takes the report of a signed-out or expired session, without a user', async () => {
      lines.length = 0;
      for (const token of [undefined, 'not-a-token']) {
        const res = await h.request({
          method: 'POST',
          url: '/api/client-errors',
          ...(token ? { token } : {}),
          body: { message: 'Loading the user failed' },
        });
        expect(res.statusCode).toBe(204);
      }
      expect(reports().map((r) => [r['userId'], r['clientId']])).toEqual([
        [null, null],
        [null, null],
      ]);
    });

    it('refuses an empty or oversized report with the field named', async () => {
      for (const body of [
        { message: '  ' },
        { message: 'x'.repeat(501) },
        { message: 'ok', detail: 'd'.repeat(4001) },
      ]) {
        const res = await h.request({ method: 'POST', url: '/api/client-errors', body });
        expect(res.statusCode).toBe(400);
        expect(res.json().fields.map((f: { field: string }) => f.field)).toEqual([
          'message' in body && body.message.trim() && body.message.length <= 500 ? 'detail' : 'message',
        ]);
      }
    });
  },
  { app: { logger: { level: 'warn', stream } } },
);
