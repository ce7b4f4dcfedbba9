import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/fetch-mock.ts';
import { useSession } from '../../session/index.ts';
import { IMPORTS_KEY, type ImportItem } from '../api/get-imports.ts';
import { useArchiveToggle } from './use-archive-toggle.ts';

function setup() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const list = [{ id: 41, archive: false } as ImportItem, { id: 42, archive: true } as ImportItem];
  client.setQueryData([...IMPORTS_KEY, 'all'], list);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useArchiveToggle(), { wrapper });
  const flags = () =>
    client.getQueryData<ImportItem[]>([...IMPORTS_KEY, 'all'])?.map((i) => [i.id, i.archive] as const);
  return { result, flags };
}

describe('useArchiveToggle (spec 001 §4–§5)', () => {
  beforeEach(() => useSession.getState().setTokens({ access: 'access-1', refresh: 'refresh-1' }));
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.getState().clear();
  });

  it.each([null, undefined])('does nothing without an id (%s): no call, no flag changed', (id) => {
    const api = mockApi({});
    const { result, flags } = setup();
    let started = true;
    act(() => {
      started = result.current.toggle({ id, archive: true });
    });
    expect(started).toBe(false);
    expect(api.fetchMock).not.toHaveBeenCalled();
    expect(flags()).toEqual([
      [41, false],
      [42, true],
    ]);
  });

  it('sets the local archive flag only once the archive call succeeded', async () => {
    let answer!: (value: { body: unknown }) => void;
    const api = mockApi({
      'PUT /api/imports/41/archive': () => new Promise((resolve) => (answer = resolve)),
    });
    const { result, flags } = setup();
    act(() => void result.current.toggle({ id: 41, archive: true }));
    await waitFor(() => expect(api.find('PUT /api/imports/41/archive')).toHaveLength(1));
    expect(flags()).toContainEqual([41, false]);

    answer({ body: { id: 41, archive: true } });
    await waitFor(() => expect(flags()).toContainEqual([41, true]));
  });

  it('unarchives through its own call', async () => {
    const api = mockApi({ 'PUT /api/imports/42/unarchive': { body: { id: 42, archive: false } } });
    const { result, flags } = setup();
    act(() => void result.current.toggle({ id: 42, archive: false }));
    await waitFor(() => expect(flags()).toContainEqual([42, false]));
    expect(api.find('PUT /api/imports/42/archive')).toHaveLength(0);
  });

  it('keeps the flag when the call fails', async () => {
    mockApi({
      'PUT /api/imports/41/archive': { status: 500, body: { status: 500, message: 'Database down' } },
    });
    const { result, flags } = setup();
    act(() => void result.current.toggle({ id: 41, archive: true }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.message).toBe('Database down');
    expect(flags()).toContainEqual([41, false]);
  });
});
