import type { Client } from '@pipewise/domain';
import { withSystem, withTenant } from '../../db/database.ts';
import type { AuthUser, Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { toApiClient } from './client-view.ts';
import { findClientById, listClients } from './clients.repository.ts';

export async function getCurrentClient(deps: Deps, me: AuthUser): Promise<Client> {
  const found = await withTenant(deps.database.db, me.clientId, (tx) => findClientById(tx, me.clientId));
  if (!found) throw notFound('Client not found.');
  return toApiClient(found.client, found.organisation);
}

/** Spec 000 §6: staff list every client (system context); everyone else gets an empty list. */
export async function listClientsFor(deps: Deps, me: AuthUser): Promise<Client[]> {
  if (!me.isStaff) return [];
  const rows = await withSystem(deps.database.db, (tx) => listClients(tx));
  return rows.map(({ client, organisation }) => toApiClient(client, organisation));
}
