import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/fetch-mock.ts';
import { reportQueryOptions } from './get-report.ts';

const URL = 'GET /api/datasets/7/reports/query';

describe('the report query (RPT-14)', () => {
  afterEach(() => vi.restoreAllMocks());

  const ask = () =>
    new QueryClient({ defaultOptions: { queries: { retry: false } } }).fetchQuery(
      reportQueryOptions({ datasetId: 7, categories: ['cof_average'] }),
    );

  it('reports a failed report call to the error-reporting service, and still fails for the page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = mockApi({
      [URL]: { status: 500, body: { message: 'Internal error' } },
      'POST /api/client-errors': { status: 204 },
    });
    await expect(ask()).rejects.toThrow('Internal error');
    await vi.waitFor(() => expect(api.find('POST /api/client-errors')).toHaveLength(1));
    expect(api.find('POST /api/client-errors')[0]!.body).toMatchObject({
      message: 'The report query (cof_average) failed',
    });
  });

  it('does not report "no analysis yet" (409): the page waits for it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = mockApi({
      [URL]: { status: 409, body: { message: 'No analysis has completed yet' } },
      'POST /api/client-errors': { status: 204 },
    });
    await expect(ask()).rejects.toThrow('No analysis has completed yet');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(api.find('POST /api/client-errors')).toHaveLength(0);
  });
});
