// The people of a project (issue 36): the client's users a manager or inspector is picked from, their contact for
// the status mail, and the project's status history. Runs under withTenant: row-level security keeps each query
// to the caller's client, so another client's user is never listed, mailed or named.
import { asc, eq, sql } from 'drizzle-orm';
import { isInspector, type PlannerPerson, type ProjectEvent } from '@pipewise/domain';
import type { Db } from '../../db/database.ts';
import { projectEvents } from '../../db/schema-planner.ts';
import { users } from '../../db/schema.ts';

/** Active, non-demo users of the client by name (the demo account is shared and can be no one's inspector). */
export async function peopleOfClient(tx: Db): Promise<PlannerPerson[]> {
  const rows = await tx
    .select({
      id: users.id,
      fullName: users.fullName,
      email: users.email,
      codes: users.permissionGroupTypeCode2,
    })
    .from(users)
    .where(sql`${users.isActive} AND NOT ${users.isDemo}`)
    .orderBy(asc(users.fullName), asc(users.id));
  return rows.map((r) => ({
    id: r.id,
    full_name: r.fullName,
    email: r.email,
    inspector: isInspector({ permissionGroupTypeCode2: r.codes }),
  }));
}

export interface Contact {
  id: number;
  fullName: string;
  email: string;
  language: string;
  receiveEmails: boolean;
  isActive: boolean;
}

/** Name, e-mail and language of the users of the caller's client among the ids. */
export async function contactsOf(tx: Db, ids: readonly number[]): Promise<Map<number, Contact>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({
      id: users.id,
      fullName: users.fullName,
      email: users.email,
      language: users.language,
      receiveEmails: users.receiveEmails,
      isActive: users.isActive,
    })
    .from(users)
    .where(sql`${users.id} = ANY(${`{${ids.join(',')}}`}::int[])`);
  return new Map(rows.map((r) => [r.id, r]));
}

export async function addEvent(
  tx: Db,
  e: {
    clientId: number;
    projectId: number;
    from: number;
    to: number;
    note: string;
    userId: number;
    userName: string;
  },
): Promise<void> {
  await tx.insert(projectEvents).values({
    clientId: e.clientId,
    projectId: e.projectId,
    fromStatus: e.from,
    toStatus: e.to,
    note: e.note,
    userId: e.userId,
    userName: e.userName,
  });
}

/** The project's status changes, oldest first. */
export async function eventsOf(tx: Db, projectId: number): Promise<ProjectEvent[]> {
  const rows = await tx
    .select()
    .from(projectEvents)
    .where(eq(projectEvents.projectId, projectId))
    .orderBy(asc(projectEvents.id));
  return rows.map((r) => ({
    from_status: r.fromStatus,
    to_status: r.toStatus,
    note: r.note,
    user_id: r.userId,
    user_name: r.userName,
    created_at: r.createdAt.toISOString(),
  }));
}
