// Snapshot groups, the user's current snapshot and the dataset calls (spec 000 §3, §4, §7; docs/api-datasets.md).
// Everything runs under withTenant: a dataset of another client is invisible, so it answers 404 like an unknown id.
import { can } from '@pipewise/domain';
import type {
  Action,
  Dataset,
  DatasetProperty,
  DatasetStatusEntry,
  DatasetUpdate,
  FilteredAttributes,
  RefreshStatus,
  SetViewRequest,
  Snapshot,
  SnapshotGroup,
} from '@pipewise/domain';
import { withTenant, type Db } from '../../db/database.ts';
import type { AuthUser, Deps } from '../../deps.ts';
import { AppError, assertNotDemo, forbidden, notFound } from '../../lib/errors.ts';
import { createGroup, createVersion, removeVersion, type RemovedVersion } from '../network/versions.ts';
import { folderOf, toApiDataset, toSnapshotGroups, type DatasetRecord } from './dataset-view.ts';
import { latestRuns } from '../analysis/analysis.repository.ts';
import { queuePlaces } from '../analysis/queue-position.ts';
import * as repo from './datasets.repository.ts';
import { filteredAttributes } from './filtered-attributes.ts';

const tenant = <T>(deps: Deps, me: AuthUser, fn: (tx: Db) => Promise<T>) =>
  withTenant(deps.database.db, me.clientId, fn);

const datasetNotFound = () => notFound('Dataset not found.');

async function loadRecord(tx: Db, id: number): Promise<DatasetRecord> {
  const found = await repo.findRecord(tx, id);
  if (!found) throw datasetNotFound();
  return found;
}

/** Demo accounts first: the shared guest must learn it is read-only, whatever its role. */
function assertMay(me: AuthUser, action: Action, message: string): void {
  assertNotDemo(me);
  if (!can(me, action)) throw forbidden(message);
}

export const listSnapshotGroups = (deps: Deps, me: AuthUser): Promise<SnapshotGroup[]> =>
  tenant(deps, me, async (tx) => toSnapshotGroups(await repo.listCurrentRecords(tx)));

/**
 * The user's chosen group and dataset; a choice that no longer resolves (group without a CURRENT version,
 * dataset of an older version) falls back to the group's original, then to the first group by name.
 */
export const getCurrentSnapshot = (deps: Deps, me: AuthUser): Promise<Snapshot> =>
  tenant(deps, me, async (tx) => {
    const records = await repo.listCurrentRecords(tx);
    if (records.length === 0) throw new AppError(404, 'NO_DATASET', 'There is no dataset yet.');
    const choice = await repo.findChoice(tx, me.id);
    const groupId = records.some((r) => r.group.id === choice?.groupId)
      ? choice!.groupId
      : records[0]!.group.id;
    const inGroup = records.filter((r) => r.group.id === groupId);
    const chosen =
      inGroup.find((r) => r.dataset.id === choice?.datasetId) ??
      inGroup.find((r) => r.dataset.originalDatasetId === null) ??
      inGroup[0]!;
    const { snapshot, group } = chosen;
    return {
      id: snapshot.id,
      type: snapshot.type,
      version: snapshot.version,
      snapshot_group_entity_id: group.id,
      snapshot_group_name: group.name,
      created_at: snapshot.createdAt.toISOString(),
      dataset: toApiDataset(chosen),
      datasets: inGroup.map(toApiDataset),
    };
  });

/** Spec 000 §4: the switch is refused when the dataset has no centre (the map would have nowhere to go). */
export const setCurrentSnapshot = (deps: Deps, me: AuthUser, groupId: number, datasetId: number) =>
  tenant(deps, me, async (tx) => {
    const record = (await repo.listCurrentRecords(tx)).find(
      (r) => r.group.id === groupId && r.dataset.id === datasetId,
    );
    if (!record) throw notFound('No such dataset in the current version of that snapshot group.');
    if (!record.dataset.center) {
      throw new AppError(409, 'NO_CENTER', 'This dataset has no centre yet, so the map cannot show it.');
    }
    await repo.saveChoice(tx, { userId: me.id, clientId: me.clientId, groupId, datasetId });
  });

export async function listDatasetStatus(deps: Deps, me: AuthUser): Promise<DatasetStatusEntry[]> {
  const { entries, queued } = await tenant(deps, me, async (tx) => {
    const runs = await latestRuns(tx);
    // The newest run of each dataset that waits in the queue: its place is read after this transaction.
    const queued = new Map([...runs].filter(([, r]) => r.stage === 'queued').map(([d, r]) => [d, r.id]));
    const entries = (await repo.listCurrentRecords(tx)).map(({ dataset: d, snapshot }) => {
      const run = runs.get(d.id);
      return {
        id: d.id,
        status: d.status,
        refresh_status: d.refreshStatus as RefreshStatus,
        snapshot_entity_id: snapshot.id,
        origin: d.origin,
        analysis_stage: run?.stage ?? null,
        analysis_progress: run?.progress ?? null,
        analysis_error: run?.error ?? null,
        analysis_eta_seconds: run?.eta_seconds ?? null,
        folder: folderOf(d),
      } satisfies DatasetStatusEntry;
    });
    return { entries, queued };
  });
  if (queued.size === 0) return entries;
  const places = await queuePlaces(deps.database, [...queued.values()]);
  return entries.map((e): DatasetStatusEntry => {
    const place = places.get(queued.get(e.id) ?? -1);
    return place
      ? { ...e, analysis_queue_position: place.position, analysis_queue_wait_seconds: place.waitSeconds }
      : e;
  });
}

export async function setView(deps: Deps, me: AuthUser, id: number, view: SetViewRequest) {
  assertMay(me, 'editFilters', 'Only workers and administrators can set the default view.');
  return tenant(deps, me, async (tx) => {
    if (!(await repo.updateDataset(tx, id, { center: view.center, zoom: view.zoom }))) {
      throw datasetNotFound();
    }
    const { center, zoom } = toApiDataset(await loadRecord(tx, id));
    return { center: center!, zoom: zoom! };
  });
}

export const getDatasetProperty = (deps: Deps, me: AuthUser, id: number): Promise<DatasetProperty> =>
  tenant(deps, me, async (tx) => {
    await loadRecord(tx, id);
    return repo.datasetProperty(tx, id);
  });

/** IO-EXP-05: what filters and exports can select by on this dataset (filtered-attributes.ts). */
export const getFilteredAttributes = (deps: Deps, me: AuthUser, id: number): Promise<FilteredAttributes> =>
  tenant(deps, me, async (tx) => {
    await loadRecord(tx, id);
    return filteredAttributes(tx, id);
  });

export const listDatasets = (deps: Deps, me: AuthUser) =>
  tenant(deps, me, async (tx) =>
    (await repo.listAllRecords(tx)).map((r) => ({
      ...toApiDataset(r),
      snapshot_group_entity_id: r.group.id,
      snapshot_group_name: r.group.name,
      snapshot_type: r.snapshot.type,
    })),
  );

/**
 * A new, empty network: the group with a PENDING first version and its dataset, which is what an import then
 * fills. It stays out of the snapshot groups until an import promotes a version to CURRENT.
 */
export async function createDataset(deps: Deps, me: AuthUser, name: string): Promise<Dataset> {
  assertMay(me, 'importData', 'Only administrators can create datasets.');
  return tenant(deps, me, async (tx) => {
    const groupId = await createGroup(tx, { clientId: me.clientId, name, userId: me.id });
    const v = await createVersion(tx, { clientId: me.clientId, groupId, replaced: [] });
    return toApiDataset(await loadRecord(tx, v.datasetId));
  });
}

/**
 * Deletes a dataset (issue 15): an administrator's call, with the web's confirmation naming it. Other versions of
 * the network keep their data; the newest one left becomes CURRENT when the deleted one was (versions.ts).
 */
export async function deleteDataset(deps: Deps, me: AuthUser, id: number): Promise<RemovedVersion> {
  assertMay(me, 'importData', 'Only administrators can delete datasets.');
  return tenant(deps, me, async (tx) => {
    const removed = await removeVersion(tx, id);
    if (removed === null) throw datasetNotFound();
    if (removed === 'staged')
      throw new AppError(
        409,
        'CONFLICT',
        'This version is still being imported: wait for the import to end.',
      );
    return removed;
  });
}

/** Renaming the original of a group's newest version renames the group: the dropdown lists groups by name. */
export async function updateDataset(deps: Deps, me: AuthUser, id: number, body: DatasetUpdate) {
  assertMay(me, 'importData', 'Only administrators can change datasets.');
  return tenant(deps, me, async (tx) => {
    const patch: repo.DatasetPatch = {};
    if (body.name !== undefined) patch.name = body.name;
    if (body.active !== undefined) patch.active = body.active;
    if (body.center !== undefined) patch.center = body.center;
    if (body.zoom !== undefined) patch.zoom = body.zoom;
    if (!(await repo.updateDataset(tx, id, patch))) throw datasetNotFound();
    if (body.name !== undefined) await repo.renameGroupOfOriginal(tx, id, body.name);
    return toApiDataset(await loadRecord(tx, id));
  });
}

export async function refreshTiles(deps: Deps, me: AuthUser, id: number): Promise<Dataset> {
  assertMay(me, 'editFilters', 'Only workers and administrators can refresh tiles.');
  return tenant(deps, me, async (tx) => {
    if (!(await repo.bumpTileRevision(tx, id))) throw datasetNotFound();
    return toApiDataset(await loadRecord(tx, id));
  });
}
