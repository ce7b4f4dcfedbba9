// Who may join a client with its registration code at once, and whom a waiting sign-up is mailed to (issue 37;
// docs/api-accounts.md "Registration"). The decision itself is the administrators' (admin/registrations.service.ts).
import { hasRole, PERMISSION_GROUP } from '@pipewise/domain';
import type { Db } from '../../db/database.ts';
import type { ClientRow, UserRow } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import type { Mail } from '../../mail/mailer.ts';
import { approvalRequestMail } from '../../mail/approval-templates.ts';
import { languageOf } from '../users/user-view.ts';
import { listUsersOfClient } from '../users/users.repository.ts';

/** Any address: the demo clients' open code. Set by platform staff only (client-info.service.ts). */
export const ANY_DOMAIN = '*';

/**
 * The address's domain is one of the client's own, exactly: a subdomain is another mail system, which the client
 * lists when it means it.
 */
export function joinsDirectly(joinDomains: readonly string[], email: string): boolean {
  if (joinDomains.includes(ANY_DOMAIN)) return true;
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return joinDomains.some((d) => d.toLowerCase() === domain);
}

/**
 * One mail per active administrator of the client, in their language. A client with none yet (staff set it up)
 * asks the platform's contact address, so a sign-up never waits unseen.
 */
export async function approvalRequests(
  tx: Db,
  deps: Deps,
  client: ClientRow,
  registrant: UserRow,
): Promise<Mail[]> {
  const link = `${deps.config.publicUrl}/admin/workflow`;
  const who = { name: registrant.fullName, email: registrant.email };
  const admins = (await listUsersOfClient(tx, client.id))
    .map(({ user }) => user)
    .filter(
      (u) => u.isActive && !u.isDemo && hasRole(u.permissionGroupTypeCode, PERMISSION_GROUP.ADMINISTRATOR),
    );
  if (admins.length === 0)
    return [approvalRequestMail('en', deps.config.contactEmail, who, client.name, link)];
  return admins.map((a) => approvalRequestMail(languageOf(a), a.email, who, client.name, link));
}
