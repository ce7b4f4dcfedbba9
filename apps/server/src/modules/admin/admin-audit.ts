// The audit log of administrative changes (issue 17, table admin_audit). Written in the same transaction as the
// change, so a change without its audit row cannot happen.
import type { AdminAuditAction, AdminAuditEntry } from '@pipewise/domain';
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { adminAudit, users, type AdminAuditRow } from '../../db/schema.ts';

export interface AuditEvent {
  clientId: number;
  actorId: number;
  action: AdminAuditAction;
  targetId: number;
  changes: Record<string, unknown>;
}

const targetTypeOf = (action: AdminAuditAction): AdminAuditEntry['target_type'] =>
  action.startsWith('client.')
    ? 'client'
    : action.startsWith('import_definition.')
      ? 'import_definition'
      : 'user';

/** The actor's e-mail is copied into the row: staff belong to another tenant, so a join would hide them under RLS. */
export async function recordAudit(tx: Db, event: AuditEvent): Promise<void> {
  const actor = (await tx.select({ email: users.email }).from(users).where(eq(users.id, event.actorId)))[0];
  await tx.insert(adminAudit).values({
    ...event,
    actorEmail: actor?.email ?? '',
    targetType: targetTypeOf(event.action),
  });
}

/** One page of a client's changes, the newest first, with the count of all of them. */
export async function listAudit(
  tx: Db,
  clientId: number,
  page: { page: number; page_size: number },
): Promise<{ entries: AdminAuditEntry[]; total_count: number }> {
  const rows = await tx
    .select()
    .from(adminAudit)
    .where(eq(adminAudit.clientId, clientId))
    .orderBy(desc(adminAudit.createdAt), desc(adminAudit.id))
    .limit(page.page_size)
    .offset((page.page - 1) * page.page_size);
  const total = await tx.select({ n: count() }).from(adminAudit).where(eq(adminAudit.clientId, clientId));
  return { entries: rows.map(toApiAudit), total_count: total[0]?.n ?? 0 };
}

const toApiAudit = (row: AdminAuditRow): AdminAuditEntry => ({
  id: row.id,
  client_id: row.clientId,
  actor_id: row.actorId,
  actor_email: row.actorEmail,
  action: row.action as AdminAuditAction,
  target_type: row.targetType as AdminAuditEntry['target_type'],
  target_id: row.targetId,
  changes: row.changes,
  created_at: row.createdAt.toISOString(),
});
