// SQL of users' feedback (table feedback). Writes run in the writer's tenant; the staff list in the system context.
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { clients, feedback, users, type FeedbackRow } from '../../db/schema.ts';

export async function insertFeedback(db: Db, row: typeof feedback.$inferInsert): Promise<FeedbackRow> {
  return (await db.insert(feedback).values(row).returning())[0]!;
}

export async function pageOfFeedback(
  db: Db,
  page: { page: number; page_size: number },
): Promise<{ rows: { feedback: FeedbackRow; clientName: string }[]; total: number }> {
  const rows = await db
    .select({ feedback, clientName: clients.name })
    .from(feedback)
    .innerJoin(clients, eq(clients.id, feedback.clientId))
    .orderBy(desc(feedback.createdAt), desc(feedback.id))
    .limit(page.page_size)
    .offset((page.page - 1) * page.page_size);
  const total = await db.select({ n: count() }).from(feedback);
  return { rows, total: Number(total[0]?.n ?? 0) };
}

/** Where feedback goes: every active platform staff account. */
export async function staffEmails(db: Db): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.isStaff, true), eq(users.isActive, true)));
  return rows.map((r) => r.email);
}
