// SQL for users. Callers choose the context (tenant or system); RLS does the tenant filtering.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { tileAccessChanged } from '../tiles/tile-access.ts';
import { clients, users, type ClientRow, type UserRow } from '../../db/schema.ts';

export type NewUser = typeof users.$inferInsert;
export type UserPatch = Partial<Omit<NewUser, 'id' | 'createdAt'>>;
export interface UserWithClient {
  user: UserRow;
  client: ClientRow;
}

export async function findUserById(db: Db, id: number): Promise<UserWithClient | undefined> {
  const rows = await db
    .select({ user: users, client: clients })
    .from(users)
    .innerJoin(clients, eq(clients.id, users.clientId))
    .where(eq(users.id, id));
  return rows[0];
}

/** E-mails are unique case-insensitively: stored lower-case. */
export async function findUserByEmail(db: Db, email: string): Promise<UserWithClient | undefined> {
  const rows = await db
    .select({ user: users, client: clients })
    .from(users)
    .innerJoin(clients, eq(clients.id, users.clientId))
    .where(eq(users.email, email.toLowerCase()));
  return rows[0];
}

export async function listUsersOfClient(db: Db, clientId: number): Promise<UserWithClient[]> {
  return db
    .select({ user: users, client: clients })
    .from(users)
    .innerJoin(clients, eq(clients.id, users.clientId))
    .where(eq(users.clientId, clientId))
    .orderBy(asc(users.id));
}

export async function insertUser(db: Db, user: NewUser): Promise<UserRow> {
  const rows = await db
    .insert(users)
    .values({ ...user, email: user.email.toLowerCase() })
    .returning();
  return rows[0]!;
}

export async function updateUser(db: Db, id: number, patch: UserPatch): Promise<UserRow | undefined> {
  if (Object.keys(patch).length === 0) {
    return (await db.select().from(users).where(eq(users.id, id)))[0];
  }
  const rows = await db.update(users).set(patch).where(eq(users.id, id)).returning();
  // Standing, role or client may have changed: the tiles' memory of the user goes (tile-access.ts).
  if (rows[0]) await tileAccessChanged(db, { user: id });
  return rows[0];
}

/** A new password: access tokens carrying the old version are refused from now on (plugins/auth.ts). */
export async function raiseTokenVersion(db: Db, id: number): Promise<UserRow | undefined> {
  const rows = await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, id))
    .returning();
  if (rows[0]) await tileAccessChanged(db, { user: id });
  return rows[0];
}

export async function countUsers(db: Db): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return rows[0]?.n ?? 0;
}

export async function touchLastLogin(db: Db, id: number): Promise<void> {
  await db
    .update(users)
    .set({ lastLoginAt: sql`now()` })
    .where(and(eq(users.id, id)));
}
