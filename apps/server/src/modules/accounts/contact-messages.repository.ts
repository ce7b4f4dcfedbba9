import type { Db } from '../../db/database.ts';
import { contactMessages } from '../../db/schema.ts';

export async function insertContactMessage(
  db: Db,
  row: typeof contactMessages.$inferInsert,
): Promise<number> {
  const rows = await db.insert(contactMessages).values(row).returning({ id: contactMessages.id });
  return rows[0]!.id;
}
