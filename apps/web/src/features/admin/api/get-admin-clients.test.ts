import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAdminClients } from './get-admin-clients.ts';

describe('getAdminClients (ADM-06/09)', () => {
  let reply: Response;
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(reply)),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('reads clientEntities', async () => {
    reply = new Response(JSON.stringify({ client_entities: [{ id: 1, name: 'US demo' }] }), { status: 200 });
    await expect(getAdminClients()).resolves.toEqual([{ id: 1, name: 'US demo' }]);
  });

  it('only logs a failure, and reads it as an empty list', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    reply = new Response(JSON.stringify({ status: 500, message: 'Internal server error' }), { status: 500 });
    await expect(getAdminClients()).resolves.toEqual([]);
    expect(log).toHaveBeenCalledWith('Loading the client list failed', expect.anything());
  });
});
