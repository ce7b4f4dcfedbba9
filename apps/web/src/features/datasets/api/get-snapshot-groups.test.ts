import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/fetch-mock.ts';
import { getSnapshotGroups } from './get-snapshot-groups.ts';

describe('getSnapshotGroups (DATA-SW-08)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('a failure gives no groups (the no-data state) and is reported', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({ 'GET /api/snapshot-groups': { status: 500, body: { message: 'down' } } });
    expect(await getSnapshotGroups()).toEqual([]);
    expect(error).toHaveBeenCalledWith('Loading snapshot groups failed', expect.anything());
  });

  it('a 404 is plain no data, not an error', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({});
    expect(await getSnapshotGroups()).toEqual([]);
    expect(error).not.toHaveBeenCalled();
  });

  it('camel-cases the groups', async () => {
    mockApi({
      'GET /api/snapshot-groups': {
        body: [
          { snapshot_entity_id: 1, snapshot_group_entity_id: 2, snapshot_group_name: 'A', datasets: [] },
        ],
      },
    });
    expect(await getSnapshotGroups()).toEqual([
      { snapshotEntityId: 1, snapshotGroupEntityId: 2, snapshotGroupName: 'A', datasets: [] },
    ]);
  });
});
