// COF scenarios (spec 001 §3/§4/§7; docs/api-cof.md). Reads need the COF subscription; writes also the
// editCofScenarios action (administrators) and not a demo account. A change that alters what the group's datasets
// are priced with — the enabled scenario's cost master or custom COFs saved, another scenario enabled, the enabled
// one disabled or deleted — queues a COF and BRE re-run of each analysed dataset of the group (queueCofRerun),
// sent after the transaction commits.
import {
  can,
  currencyForCountry,
  type CofScenarioCreate,
  type CofScenarioDto,
  type CofScenarioList,
  type CofScenarioUpdate,
  type CustomCof,
} from '@pipewise/domain';
import { defaultCofScenario, type CofScenario } from '@pipewise/engine';
import { withTenant, type Db } from '../../db/database.ts';
import type { AuthUser, Deps } from '../../deps.ts';
import { assertNotDemo, fieldError, forbidden, notFound } from '../../lib/errors.ts';
import { queueCofRerun, sendAnalysis, type AnalysisJobData } from '../analysis/analysis-queue.ts';
import { loadViewer } from '../assets/viewer.repository.ts';
import { costMasterFromDto, customCofFromDto, toDto, type ScenarioRow } from './cof-scenario-view.ts';
import * as repo from './cof-scenarios.repository.ts';

interface Scope {
  tx: Db;
  me: AuthUser;
  reruns: AnalysisJobData[];
}

async function inCof<T>(deps: Deps, me: AuthUser, write: boolean, fn: (s: Scope) => Promise<T>): Promise<T> {
  if (write) {
    assertNotDemo(me);
    if (!can(me, 'editCofScenarios')) throw forbidden('Only administrators may change COF scenarios.');
  }
  const reruns: AnalysisJobData[] = [];
  const result = await withTenant(deps.database.db, me.clientId, async (tx) => {
    const viewer = await loadViewer(tx, me.id, me.clientId);
    if (!viewer.subscriptions.includes('COF')) throw forbidden('COF scenarios need the COF subscription.');
    return fn({ tx, me, reruns });
  });
  for (const job of reruns) await sendAnalysis(deps.jobs, job);
  return result;
}

const scenarioNotFound = () => notFound('COF scenario not found.');

async function defaultRow(
  tx: Db,
  clientId: number,
  groupId: number | null,
  enabled: boolean,
): Promise<ScenarioRow> {
  const country = await repo.clientCountry(tx, clientId);
  const scenario = defaultCofScenario(country);
  return {
    id: null,
    snapshotGroupId: groupId,
    name: scenario.name,
    enabled,
    country,
    scenario: { ...scenario, enabled },
    createdAt: null,
    updatedAt: null,
  };
}

async function dto(tx: Db, row: ScenarioRow): Promise<CofScenarioDto> {
  const datasets = row.snapshotGroupId === null ? [] : await repo.groupDatasets(tx, row.snapshotGroupId);
  return toDto(row, repo.runStates(datasets, row.id, row.enabled));
}

async function queueGroupReruns(s: Scope, groupId: number): Promise<void> {
  for (const d of await repo.groupDatasets(s.tx, groupId)) {
    if (d.servedAnalysisId === null) continue; // its first run reads the scenario at its COF stage
    const job = await queueCofRerun(s.tx, {
      clientId: s.me.clientId,
      datasetId: d.datasetId,
      userId: s.me.id,
    });
    if (job) s.reruns.push(job);
  }
}

export const defaultScenarios = (deps: Deps, me: AuthUser, country: string | undefined) =>
  inCof(deps, me, false, async ({ tx }) => {
    const c = country ?? (await repo.clientCountry(tx, me.clientId));
    const scenario = defaultCofScenario(c);
    const row: ScenarioRow = {
      id: null,
      snapshotGroupId: null,
      name: scenario.name,
      enabled: false,
      country: c.toUpperCase(),
      scenario,
      createdAt: null,
      updatedAt: null,
    };
    return { cof_scenarios: [toDto(row, [])] };
  });

export const listScenarios = (deps: Deps, me: AuthUser, groupId: number): Promise<CofScenarioList> =>
  inCof(deps, me, false, async ({ tx }) => {
    if (!(await repo.groupExists(tx, groupId))) throw notFound('Snapshot group not found.');
    const rows = await repo.listScenarios(tx, groupId);
    const datasets = await repo.groupDatasets(tx, groupId);
    const fallback = await defaultRow(tx, me.clientId, groupId, !rows.some((r) => r.enabled));
    return {
      cof_scenarios: rows.map((r) => toDto(r, repo.runStates(datasets, r.id, r.enabled))),
      default_scenario: toDto(fallback, repo.runStates(datasets, null, fallback.enabled)),
    };
  });

export const getScenario = (deps: Deps, me: AuthUser, id: number) =>
  inCof(deps, me, false, async ({ tx }) => {
    const row = await repo.findScenario(tx, id);
    if (!row) throw scenarioNotFound();
    return dto(tx, row);
  });

export const createScenario = (deps: Deps, me: AuthUser, body: CofScenarioCreate) =>
  inCof(deps, me, true, async (s) => {
    const { tx } = s;
    if (!(await repo.groupExists(tx, body.snapshot_id))) throw notFound('Snapshot group not found.');
    let source: CofScenario;
    let country: string;
    if (body.copy_of != null) {
      const from = await repo.findScenario(tx, body.copy_of);
      // Another group's or client's scenario answers like an unknown one.
      if (!from || from.snapshotGroupId !== body.snapshot_id)
        throw notFound('copy_of is not a COF scenario of this snapshot group.');
      source = from.scenario;
      country = from.country;
    } else {
      country = await repo.clientCountry(tx, me.clientId);
      source = defaultCofScenario(country);
    }
    const n = (await repo.countScenarios(tx, body.snapshot_id)) + 1;
    const name = body.name ?? `COF scenario ${n} (${currencyForCountry(country)})`;
    const id = await repo.insertScenario(tx, {
      clientId: me.clientId,
      groupId: body.snapshot_id,
      name,
      country,
      scenario: { ...source, id: null, name, enabled: false },
      userId: me.id,
    });
    if (body.enabled) {
      await repo.setEnabled(tx, body.snapshot_id, id, true);
      await queueGroupReruns(s, body.snapshot_id);
    }
    return dto(tx, (await repo.findScenario(tx, id))!);
  });

/** Custom COF ids are the scenario's own keys (cof.custom stores amounts by id): unique, and layer areas known. */
async function assertCustomCofs(tx: Db, list: readonly CustomCof[], field: string): Promise<void> {
  const seen = new Set<number>();
  for (const [i, c] of list.entries()) {
    if (seen.has(c.id))
      throw fieldError('VALIDATION', `Custom COF id ${c.id} is used twice.`, `${field}.${i}.id`, 'unique');
    seen.add(c.id);
    if (c.rule.kind === 'layer') {
      const missing = await repo.unknownAreas(tx, c.rule.layer, c.rule.area_ids);
      if (missing.length > 0)
        throw fieldError(
          'VALIDATION',
          `Custom COF '${c.name}': no ${c.rule.layer} area with id ${missing.join(', ')}.`,
          `${field}.${i}.rule.area_ids`,
          'exists',
        );
    }
  }
}

export const updateScenario = (deps: Deps, me: AuthUser, id: number, body: CofScenarioUpdate) =>
  inCof(deps, me, true, async (s) => {
    const { tx } = s;
    const row = await repo.findScenario(tx, id);
    if (!row) throw scenarioNotFound();
    const groupId = row.snapshotGroupId!;
    if (body.custom_cofs) await assertCustomCofs(tx, body.custom_cofs, 'custom_cofs');
    const costsChanged = body.cost_master !== undefined || body.custom_cofs !== undefined;
    const scenario: CofScenario = {
      ...row.scenario,
      ...(body.cost_master ? { costMaster: costMasterFromDto(body.cost_master) } : {}),
      ...(body.custom_cofs ? { customCofs: body.custom_cofs.map(customCofFromDto) } : {}),
    };
    await repo.updateScenario(tx, id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(costsChanged ? { scenario } : {}),
    });
    const enabledAfter = body.enabled ?? row.enabled;
    if (body.enabled !== undefined && body.enabled !== row.enabled)
      await repo.setEnabled(tx, groupId, id, body.enabled);
    const switched = body.enabled !== undefined && body.enabled !== row.enabled;
    if (switched || (costsChanged && enabledAfter)) await queueGroupReruns(s, groupId);
    return dto(tx, (await repo.findScenario(tx, id))!);
  });

export const deleteScenario = (deps: Deps, me: AuthUser, id: number) =>
  inCof(deps, me, true, async (s) => {
    const row = await repo.findScenario(s.tx, id);
    if (!row) throw scenarioNotFound();
    await repo.deleteScenario(s.tx, id);
    // The country default takes over from a deleted enabled scenario.
    if (row.enabled) await queueGroupReruns(s, row.snapshotGroupId!);
  });

export const getCustomCofs = async (deps: Deps, me: AuthUser, id: number) => ({
  custom_cofs: (await getScenario(deps, me, id)).custom_cofs,
});

export const updateCustomCofs = async (deps: Deps, me: AuthUser, id: number, list: CustomCof[]) => ({
  custom_cofs: (await updateScenario(deps, me, id, { custom_cofs: list })).custom_cofs,
});
