// SQL for API tokens (issue 42). Callers choose the context: the tenant's for the settings and admin routes, the
// system's for the auth plugin, which must find a presented token before it knows the client.
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  apiTokens,
  clients,
  users,
  type ApiTokenRow,
  type ClientRow,
  type UserRow,
} from '../../db/schema.ts';

export type NewApiToken = typeof apiTokens.$inferInsert;

export interface ApiTokenWithUser {
  token: ApiTokenRow;
  user: Pick<UserRow, 'id' | 'fullName' | 'email' | 'serviceAccount'>;
}

const withUser = {
  token: apiTokens,
  user: { id: users.id, fullName: users.fullName, email: users.email, serviceAccount: users.serviceAccount },
};

export async function insertApiToken(db: Db, row: NewApiToken): Promise<ApiTokenRow> {
  return (await db.insert(apiTokens).values(row).returning())[0]!;
}

/** The tokens not revoked, of one user or (userId null) of the whole client RLS shows; the newest first. */
export function listApiTokens(db: Db, userId: number | null): Promise<ApiTokenWithUser[]> {
  return db
    .select(withUser)
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(isNull(apiTokens.revokedAt), userId === null ? undefined : eq(apiTokens.userId, userId)))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
}

export async function findApiToken(db: Db, id: number): Promise<ApiTokenWithUser | undefined> {
  const rows = await db
    .select(withUser)
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.id, id));
  return rows[0];
}

export async function revokeApiToken(db: Db, id: number): Promise<void> {
  await db
    .update(apiTokens)
    .set({ revokedAt: sql`now()` })
    .where(eq(apiTokens.id, id));
}

/** A presented secret's row with its user and client (system context: the client is not known yet). */
export async function findApiTokenByHash(
  db: Db,
  tokenHash: string,
): Promise<{ token: ApiTokenRow; user: UserRow; client: ClientRow } | undefined> {
  const rows = await db
    .select({ token: apiTokens, user: users, client: clients })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .innerJoin(clients, eq(clients.id, users.clientId))
    .where(eq(apiTokens.tokenHash, tokenHash));
  return rows[0];
}

export async function touchApiToken(db: Db, id: number): Promise<void> {
  await db
    .update(apiTokens)
    .set({ lastUsedAt: sql`now()` })
    .where(eq(apiTokens.id, id));
}
