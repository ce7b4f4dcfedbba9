// Every read of the staff outbox is audited (issue 37): on a server without SMTP_URL the outbox holds every
// tenant's sign-in codes and live reset and invitation links, so a read is a way into any account. The read leaves
// one row in the audit log of each client whose users' mail it showed, naming the staff member, the user and the
// subjects, in one transaction before the answer is sent.
import type { OutboxMail } from '@pipewise/domain';
import { inArray, sql } from 'drizzle-orm';
import { withSystem, type Db } from '../../db/database.ts';
import { users } from '../../db/schema.ts';
import { recordAudit } from '../admin/admin-audit.ts';

export async function auditOutboxRead(db: Db, actorId: number, mails: readonly OutboxMail[]): Promise<void> {
  const byAddress = new Map<string, string[]>();
  for (const m of mails)
    byAddress.set(m.to.toLowerCase(), [...(byAddress.get(m.to.toLowerCase()) ?? []), m.subject]);
  if (byAddress.size === 0) return;
  await withSystem(db, async (tx) => {
    const recipients = await tx
      .select({ id: users.id, clientId: users.clientId, email: users.email })
      .from(users)
      .where(inArray(sql`lower(${users.email})`, [...byAddress.keys()]));
    for (const user of recipients) {
      const subjects = byAddress.get(user.email.toLowerCase()) ?? [];
      await recordAudit(tx, {
        clientId: user.clientId,
        actorId,
        action: 'user.outbox_read',
        targetId: user.id,
        changes: { mails: subjects.length, subjects: subjects.slice(0, 10) },
      });
    }
  });
}
