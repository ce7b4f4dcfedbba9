// An administrator's decision on a sign-up that waits (issue 37; docs/api-accounts.md "Registration"): approved, the
// account becomes active; rejected, it is deleted (it never signed in, so nothing else refers to it) and the address
// may register again. The registrant is mailed either way; the decision is audited with the change.
import type { AdminUser } from '@pipewise/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { users } from '../../db/schema.ts';
import type { AuthUser, Deps } from '../../deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { approvalDecisionMail } from '../../mail/approval-templates.ts';
import { sendQuietly } from '../accounts/accounts.service.ts';
import { languageOf } from '../users/user-view.ts';
import { findUserById } from '../users/users.repository.ts';
import { withClientAdmin } from './admin-access.ts';
import { recordAudit } from './admin-audit.ts';
import { toAdminUser } from './admin-user-view.ts';

const decided = () =>
  new AppError(409, 'REGISTRATION_DECIDED', 'This registration has already been approved or rejected.');

async function waiting(tx: Db, id: number) {
  const found = await findUserById(tx, id);
  if (!found) throw notFound('User not found.');
  if (!found.user.awaitingApproval) throw decided();
  return found;
}

export async function decideRegistration(
  deps: Deps,
  me: AuthUser,
  id: number,
  approve: boolean,
): Promise<AdminUser | null> {
  // A client administrator works in their own tenant, where another client's user does not exist (404).
  const scope = me.isStaff ? 0 : me.clientId;
  const outcome = await withClientAdmin(
    deps,
    me,
    scope,
    async (tx) => {
      const { user, client } = await waiting(tx, id);
      // Conditional, so that of two administrators deciding at once only one does (the other: 409).
      const still = and(eq(users.id, id), eq(users.awaitingApproval, true));
      const taken = approve
        ? await tx
            .update(users)
            .set({ awaitingApproval: false, isActive: true })
            .where(still)
            .returning({ id: users.id })
        : await tx.delete(users).where(still).returning({ id: users.id });
      if (taken.length === 0) throw decided();
      await recordAudit(tx, {
        clientId: user.clientId,
        actorId: me.id,
        action: approve ? 'user.approve' : 'user.reject',
        targetId: id,
        // The address is kept in the log: a rejected account leaves nothing else behind.
        changes: { email: user.email, full_name: user.fullName },
      });
      const after = approve ? await findUserById(tx, id) : undefined;
      return { user, client, view: after ? toAdminUser(after.user, after.client) : null };
    },
    { write: true },
  );
  const { user, client } = outcome;
  const link = approve ? `${deps.config.publicUrl}/user/login` : deps.config.publicUrl;
  await sendQuietly(
    deps,
    approvalDecisionMail(languageOf(user), user.email, user.fullName, client.name, approve, link),
  );
  return outcome.view;
}
