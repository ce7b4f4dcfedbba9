import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/fetch-mock.ts';
import { api as callApi, ApiError, setAuthHandlers } from './api-client.ts';
import { reportError } from './report-error.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('reportError', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    setAuthHandlers({ getAccessToken: () => null, onUnauthorized: () => undefined });
  });

  it('sends what failed, the error and the page to the server, with the session, and logs it', async () => {
    const console = vi.spyOn(globalThis.console, 'error').mockImplementation(() => undefined);
    setAuthHandlers({ getAccessToken: () => 'token-1', onUnauthorized: () => undefined });
    const api = mockApi({ 'POST /api/client-errors': { status: 204 } });
    window.history.pushState({}, '', '/reports/cof');
    const err = new ApiError('Internal error', 500);
    reportError('Loading the COF report failed', err);
    await vi.waitFor(() => expect(api.find('POST /api/client-errors')).toHaveLength(1));
    const [call] = api.find('POST /api/client-errors');
    expect(call!.body).toMatchObject({ message: 'Loading the COF report failed', page: '/reports/cof' });
    expect((call!.body as { detail: string }).detail).toMatch(/^ApiError: Internal error \(HTTP 500\)\n/);
    expect(call!.headers['Authorization']).toBe('Bearer token-1');
    expect(console).toHaveBeenCalledWith('Loading the COF report failed', err);
  });

  it('never throws, never logs the user out, and does not report its own failure', async () => {
    vi.spyOn(globalThis.console, 'error').mockImplementation(() => undefined);
    const onUnauthorized = vi.fn();
    setAuthHandlers({ getAccessToken: () => 'expired', onUnauthorized });
    const api = mockApi({ 'POST /api/client-errors': { status: 401, body: { message: 'Unauthorized' } } });
    expect(() => reportError('Saving the filter failed', 'plain text')).not.toThrow();
    await settle();
    await settle();
    expect(api.find('POST /api/client-errors')).toHaveLength(1);
    expect(api.find('POST /api/client-errors')[0]!.body).toMatchObject({ detail: 'plain text' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  // Issue 38: a request the browser cancelled because the page went away was logged as an HTTP 500.
  it('leaves out a request cancelled by leaving the page; a network failure is still reported as 500', async () => {
    vi.spyOn(globalThis.console, 'error').mockImplementation(() => undefined);
    const reports = mockApi({ 'POST /api/client-errors': { status: 204 } });
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).includes('/tiles')
        ? Promise.reject(new DOMException('The user aborted a request.', 'AbortError'))
        : String(input).includes('/down')
          ? Promise.reject(new TypeError('Failed to fetch'))
          : realFetch(input, init),
    );
    const aborted = await callApi('GET', '/api/tiles/props').catch((e: unknown) => e);
    expect(aborted).toMatchObject({ status: 0, code: 'ABORTED' });
    reportError('Loading the tile properties failed', aborted);
    const down = await callApi('GET', '/api/down').catch((e: unknown) => e);
    expect(down).toMatchObject({ status: 500 });
    reportError('Loading failed', down);
    await vi.waitFor(() => expect(reports.find('POST /api/client-errors')).toHaveLength(1));
    expect(reports.find('POST /api/client-errors')[0]!.body).toMatchObject({ message: 'Loading failed' });
    vi.unstubAllGlobals();
  });

  it('cuts an oversized message and detail to what the server takes', async () => {
    vi.spyOn(globalThis.console, 'error').mockImplementation(() => undefined);
    const api = mockApi({ 'POST /api/client-errors': { status: 204 } });
    reportError('m'.repeat(900), { huge: 'd'.repeat(9000) });
    await vi.waitFor(() => expect(api.find('POST /api/client-errors')).toHaveLength(1));
    const body = api.find('POST /api/client-errors')[0]!.body as { message: string; detail: string };
    expect(body.message).toHaveLength(500);
    expect(body.detail).toHaveLength(4000);
  });
});
