// clientinfoentity (spec 001 §7, ADM-04): the current client's details — logo, address, locale, grid — and its
// two-step sign-in policy. Every user of the client reads them; its administrators (and staff working in it)
// change them, and each change is audited in the same transaction.
import { randomInt } from 'node:crypto';
import type { ClientInfo, ClientInfoPatch } from '@pipewise/domain';
import { eq } from 'drizzle-orm';
import { withTenant, type Db } from '../../db/database.ts';
import { clients } from '../../db/schema.ts';
import type { AuthUser, Deps } from '../../deps.ts';
import { assertNotDemo, fieldError, forbidden, notFound } from '../../lib/errors.ts';
import { ANY_DOMAIN } from '../accounts/registration-approval.ts';
import { toApiClient } from '../clients/client-view.ts';
import { findClientById } from '../clients/clients.repository.ts';
import { isClientAdmin } from './admin-access.ts';
import { recordAudit } from './admin-audit.ts';
import { columnsOf, type ClientColumns } from './admin-clients.service.ts';

async function load(tx: Db, me: AuthUser): Promise<ClientInfo> {
  const found = await findClientById(tx, me.clientId);
  if (!found) throw notFound('Client not found.');
  const { details } = toApiClient(found.client, found.organisation);
  return {
    id: found.client.id,
    name: found.client.name,
    details,
    require_two_factor: found.client.requireTwoFactor,
    join_domains: found.client.joinDomains,
    // Whoever holds the code can ask to join: administrators hand it out, so only they see it.
    registration_code: me.isStaff || isClientAdmin(me) ? found.client.registrationCode : null,
  };
}

/** Letters and digits nobody misreads on a phone call (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/**
 * A code a colleague can type: up to six letters of the client's name and eight random characters (31^8 ≈ 8.5e11,
 * so guessing one is hopeless at the registration limit of 10 an hour per address).
 */
export function newRegistrationCode(clientName: string): string {
  const prefix =
    clientName
      .normalize('NFKD')
      .replace(/[^A-Za-z]/g, '')
      .toUpperCase()
      .slice(0, 6) || 'PW';
  const tail = Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
  return `${prefix}-${tail}`;
}

export const clientInfoOf = (deps: Deps, me: AuthUser): Promise<ClientInfo> =>
  withTenant(deps.database.db, me.clientId, (tx) => load(tx, me));

export async function updateClientInfo(deps: Deps, me: AuthUser, body: ClientInfoPatch): Promise<ClientInfo> {
  if (!me.isStaff && !isClientAdmin(me))
    throw forbidden("Only administrators can change the client's details.");
  assertNotDemo(me);
  return withTenant(deps.database.db, me.clientId, async (tx) => {
    const found = (await findClientById(tx, me.clientId))?.client;
    if (!found) throw notFound('Client not found.');
    const columns: ClientColumns = body.details ? columnsOf({ details: body.details }) : {};
    if (body.require_two_factor !== undefined) columns.requireTwoFactor = body.require_two_factor;
    if (body.join_domains !== undefined) {
      // Any address may join only a demo: a utility's administrator cannot open its network to the world.
      if (body.join_domains.includes(ANY_DOMAIN) && !me.isStaff)
        throw fieldError(
          'VALIDATION',
          'Only platform staff can let any address join.',
          'join_domains',
          'regex',
        );
      columns.joinDomains = [...new Set(body.join_domains)];
    }
    if (body.registration_code !== undefined)
      columns.registrationCode = body.registration_code === 'new' ? newRegistrationCode(found.name) : null;
    if (Object.keys(columns).length > 0)
      await tx.update(clients).set(columns).where(eq(clients.id, me.clientId));
    // The image is audited by its size: a data URL of 200 kB would swamp the log.
    const image = body.details?.image;
    const changes = image
      ? { ...body, details: { ...body.details, image: `(image, ${image.length} characters)` } }
      : body;
    await recordAudit(tx, {
      clientId: me.clientId,
      actorId: me.id,
      action: 'client.details',
      targetId: me.clientId,
      changes,
    });
    return load(tx, me);
  });
}
