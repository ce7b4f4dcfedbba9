// The external geocoder never fails a search: a slow answer is cut at the timeout and logged without the URL's
// query string (it may hold an API key).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, expect, it, vi } from 'vitest';
import { externalGeocode } from './geocoder-client.ts';

const hanging = createServer(() => undefined);
await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
afterAll(() => {
  hanging.closeAllConnections();
  hanging.close();
});

it('gives up after the timeout and logs the host only', async () => {
  const warn = vi.fn();
  const log = { warn } as unknown as FastifyBaseLogger;
  const port = (hanging.address() as AddressInfo).port;
  const out = await externalGeocode(`http://127.0.0.1:${port}/{query}?key=secret`, 'a b', {
    log,
    limit: 10,
    timeoutMs: 150,
  });
  expect(out).toEqual([]);
  expect(warn).toHaveBeenCalledOnce();
  // Ended by its own timeout (AbortSignal.timeout's reason), not by the test's: no wall-clock bound to miss on a
  // busy machine.
  expect((warn.mock.calls[0]![0] as { err: Error }).err.name).toBe('TimeoutError');
  expect(JSON.stringify(warn.mock.calls[0]![0])).not.toContain('secret');
  expect(warn.mock.calls[0]![0]).toMatchObject({ host: `127.0.0.1:${port}` });
});
