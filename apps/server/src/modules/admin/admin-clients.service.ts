// Staff create and edit clients (spec 001 §7 manipulate_client; docs/api-accounts.md "Administration").
import { PLAN_TIER } from '@pipewise/domain';
import type { Client, ClientCreate, ClientPatch } from '@pipewise/domain';
import { eq } from 'drizzle-orm';
import { withSystem, type Db } from '../../db/database.ts';
import { clients, organisations, type ClientRow } from '../../db/schema.ts';
import type { AuthUser, Deps } from '../../deps.ts';
import { assertNotDemo, fieldError, notFound } from '../../lib/errors.ts';
import { toApiClient } from '../clients/client-view.ts';
import { findClientById, insertClient, insertOrganisation } from '../clients/clients.repository.ts';
import { assertStaff } from './admin-access.ts';
import { recordAudit } from './admin-audit.ts';
import { tileAccessChanged } from '../tiles/tile-access.ts';

export type ClientColumns = Partial<Omit<typeof clients.$inferInsert, 'id' | 'createdAt'>>;

/** Wire fields → columns; an absent field is left alone, an explicit null clears it. */
export function columnsOf(body: ClientPatch): ClientColumns {
  const out: ClientColumns = {};
  if (body.name !== undefined) out.name = body.name;
  if (body.client_status_type_code !== undefined) out.clientStatusTypeCode = body.client_status_type_code;
  if (body.is_active !== undefined) out.isActive = body.is_active;
  if (body.authorization_expiry !== undefined)
    out.authorizationExpiry = body.authorization_expiry === null ? null : new Date(body.authorization_expiry);
  if (body.subscriptions !== undefined) out.subscriptions = [...new Set(body.subscriptions)];
  // planTier's reading backwards: free pays nothing; base pays with auth code 1, pro with 2.
  if (body.plan_tier !== undefined) {
    out.isPaying = body.plan_tier !== PLAN_TIER.UNPAID;
    out.authCode =
      body.plan_tier === PLAN_TIER.PAID_PRO ? 2 : body.plan_tier === PLAN_TIER.PAID_BASE ? 1 : null;
  }
  const d = body.details;
  if (d) {
    if (d.image !== undefined) out.image = d.image || null;
    if (d.locale !== undefined) out.locale = d.locale;
    if (d.contact_number !== undefined) out.contactNumber = d.contact_number || null;
    if (d.street !== undefined) out.street = d.street || null;
    if (d.city !== undefined) out.city = d.city || null;
    if (d.state !== undefined) out.state = d.state || null;
    if (d.zip_code !== undefined) out.zipCode = d.zip_code || null;
    if (d.country !== undefined) out.country = d.country;
    if (d.grid !== undefined) out.grid = d.grid;
  }
  return out;
}

async function loadClient(tx: Db, id: number): Promise<Client> {
  const found = await findClientById(tx, id);
  if (!found) throw notFound('Client not found.');
  return toApiClient(found.client, found.organisation);
}

export async function createClient(deps: Deps, me: AuthUser, body: ClientCreate): Promise<Client> {
  assertStaff(me);
  assertNotDemo(me);
  return withSystem(deps.database.db, async (tx) => {
    const { organization_id, ...rest } = body;
    let organizationId = organization_id;
    if (organizationId === undefined) {
      // A client created without an organisation gets its own, named like it (organisations are a later slice).
      organizationId = (await insertOrganisation(tx, body.name)).id;
    } else if (!(await tx.select().from(organisations).where(eq(organisations.id, organizationId)))[0]) {
      throw fieldError('VALIDATION', 'Unknown organisation.', 'organization_id', 'organization_id');
    }
    const row: ClientRow = await insertClient(tx, { ...columnsOf(rest), name: body.name, organizationId });
    await recordAudit(tx, {
      clientId: row.id,
      actorId: me.id,
      action: 'client.create',
      targetId: row.id,
      changes: body,
    });
    return loadClient(tx, row.id);
  });
}

export async function updateClient(deps: Deps, me: AuthUser, id: number, body: ClientPatch): Promise<Client> {
  assertStaff(me);
  assertNotDemo(me);
  return withSystem(deps.database.db, async (tx) => {
    if (!(await findClientById(tx, id))) throw notFound('Client not found.');
    const columns = columnsOf(body);
    if (Object.keys(columns).length > 0) {
      await tx.update(clients).set(columns).where(eq(clients.id, id));
      // A suspended or inactive client's users are refused at once, cached tiles included (tile-access.ts).
      await tileAccessChanged(tx, { client: id });
    }
    await recordAudit(tx, {
      clientId: id,
      actorId: me.id,
      action: 'client.update',
      targetId: id,
      changes: body,
    });
    return loadClient(tx, id);
  });
}
