// SQL of the organisations above clients (spec 001 §7 organization_clients, organization_users). Run in the
// system context: organisations span tenants, and only platform staff reach these.
import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { clients, organisations, users, type OrganisationRow } from '../../db/schema.ts';
import type { ClientWithOrganisation } from '../clients/clients.repository.ts';
import type { UserWithClient } from '../users/users.repository.ts';

export interface OrganisationWithCount {
  organisation: OrganisationRow;
  clientCount: number;
}

export async function listOrganisations(db: Db): Promise<OrganisationWithCount[]> {
  const rows = await db
    .select({ organisation: organisations, clientCount: count(clients.id) })
    .from(organisations)
    .leftJoin(clients, eq(clients.organizationId, organisations.id))
    .groupBy(organisations.id)
    .orderBy(asc(organisations.name), asc(organisations.id));
  return rows.map((r) => ({ organisation: r.organisation, clientCount: Number(r.clientCount) }));
}

export async function findOrganisation(db: Db, id: number): Promise<OrganisationWithCount | undefined> {
  const rows = await db
    .select({ organisation: organisations, clientCount: count(clients.id) })
    .from(organisations)
    .leftJoin(clients, eq(clients.organizationId, organisations.id))
    .where(eq(organisations.id, id))
    .groupBy(organisations.id);
  return rows[0] && { organisation: rows[0].organisation, clientCount: Number(rows[0].clientCount) };
}

export async function renameOrganisation(db: Db, id: number, name: string): Promise<void> {
  await db.update(organisations).set({ name }).where(eq(organisations.id, id));
}

export async function clientsOfOrganisation(db: Db, id: number): Promise<ClientWithOrganisation[]> {
  return db
    .select({ client: clients, organisation: organisations })
    .from(clients)
    .innerJoin(organisations, eq(organisations.id, clients.organizationId))
    .where(eq(organisations.id, id))
    .orderBy(asc(clients.name), asc(clients.id));
}

export async function usersOfOrganisation(db: Db, id: number): Promise<UserWithClient[]> {
  return db
    .select({ user: users, client: clients })
    .from(users)
    .innerJoin(clients, eq(clients.id, users.clientId))
    .where(eq(clients.organizationId, id))
    .orderBy(asc(users.fullName), asc(users.id));
}
