// Platform staff manage the organisations above clients (issue 17, spec 001 §7 organization_clients and
// organization_users). Organisations carry no client id, so they have no tenant audit log of their own: a rename is
// written to the log of each client of the organisation (the name its administrators see changed), and a new
// organisation appears in the log of the first client created in it.
import type { AdminUser, Client, Organisation, OrganisationInput } from '@pipewise/domain';
import { withSystem, type Db } from '../../db/database.ts';
import type { AuthUser, Deps } from '../../deps.ts';
import { assertNotDemo, notFound } from '../../lib/errors.ts';
import { toApiClient } from '../clients/client-view.ts';
import { insertOrganisation } from '../clients/clients.repository.ts';
import { assertStaff } from './admin-access.ts';
import { recordAudit } from './admin-audit.ts';
import { toAdminUser } from './admin-user-view.ts';
import {
  clientsOfOrganisation,
  findOrganisation,
  listOrganisations,
  renameOrganisation,
  usersOfOrganisation,
  type OrganisationWithCount,
} from './organisations.repository.ts';

const toApi = ({ organisation, clientCount }: OrganisationWithCount): Organisation => ({
  id: organisation.id,
  name: organisation.name,
  client_count: clientCount,
  created_at: organisation.createdAt.toISOString(),
});

function asStaff<T>(deps: Deps, me: AuthUser, fn: (tx: Db) => Promise<T>, write = false): Promise<T> {
  assertStaff(me);
  if (write) assertNotDemo(me);
  return withSystem(deps.database.db, fn);
}

async function requireOrganisation(tx: Db, id: number): Promise<OrganisationWithCount> {
  const found = await findOrganisation(tx, id);
  if (!found) throw notFound('Organisation not found.');
  return found;
}

export const organisationsFor = (deps: Deps, me: AuthUser): Promise<Organisation[]> =>
  asStaff(deps, me, async (tx) => (await listOrganisations(tx)).map(toApi));

export const createOrganisation = (
  deps: Deps,
  me: AuthUser,
  body: OrganisationInput,
): Promise<Organisation> =>
  asStaff(
    deps,
    me,
    async (tx) => toApi({ organisation: await insertOrganisation(tx, body.name), clientCount: 0 }),
    true,
  );

export const renameOrganisationById = (
  deps: Deps,
  me: AuthUser,
  id: number,
  body: OrganisationInput,
): Promise<Organisation> =>
  asStaff(
    deps,
    me,
    async (tx) => {
      const before = await requireOrganisation(tx, id);
      await renameOrganisation(tx, id, body.name);
      for (const { client } of await clientsOfOrganisation(tx, id))
        await recordAudit(tx, {
          clientId: client.id,
          actorId: me.id,
          action: 'client.organisation',
          targetId: client.id,
          changes: { organization_id: id, name: body.name, previous_name: before.organisation.name },
        });
      return toApi(await requireOrganisation(tx, id));
    },
    true,
  );

export const organisationClients = (deps: Deps, me: AuthUser, id: number): Promise<Client[]> =>
  asStaff(deps, me, async (tx) => {
    await requireOrganisation(tx, id);
    return (await clientsOfOrganisation(tx, id)).map((r) => toApiClient(r.client, r.organisation));
  });

export const organisationUsers = (deps: Deps, me: AuthUser, id: number): Promise<AdminUser[]> =>
  asStaff(deps, me, async (tx) => {
    await requireOrganisation(tx, id);
    return (await usersOfOrganisation(tx, id)).map((r) => toAdminUser(r.user, r.client));
  });
