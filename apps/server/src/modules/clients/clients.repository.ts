import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { clients, organisations, type ClientRow, type OrganisationRow } from '../../db/schema.ts';

export interface ClientWithOrganisation {
  client: ClientRow;
  organisation: OrganisationRow;
}

export async function findClientById(db: Db, id: number): Promise<ClientWithOrganisation | undefined> {
  const rows = await db
    .select({ client: clients, organisation: organisations })
    .from(clients)
    .innerJoin(organisations, eq(organisations.id, clients.organizationId))
    .where(eq(clients.id, id));
  return rows[0];
}

export async function findClientByRegistrationCode(db: Db, code: string): Promise<ClientRow | undefined> {
  const rows = await db.select().from(clients).where(eq(clients.registrationCode, code));
  return rows[0];
}

export async function listClients(db: Db): Promise<ClientWithOrganisation[]> {
  return db
    .select({ client: clients, organisation: organisations })
    .from(clients)
    .innerJoin(organisations, eq(organisations.id, clients.organizationId))
    .orderBy(asc(clients.id));
}

export async function insertOrganisation(db: Db, name: string): Promise<OrganisationRow> {
  return (await db.insert(organisations).values({ name }).returning())[0]!;
}

export async function insertClient(db: Db, client: typeof clients.$inferInsert): Promise<ClientRow> {
  return (await db.insert(clients).values(client).returning())[0]!;
}
