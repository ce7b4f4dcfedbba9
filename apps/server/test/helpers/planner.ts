// Shared pieces of the planner's route tests: calls as a given user, and client subscriptions.
import { sql } from 'drizzle-orm';
import { withSystem } from '../../src/db/database.ts';
import type { Harness } from './harness.ts';

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export const plannerCall =
  (h: Harness) => async (method: Method, url: string, email: string, body?: unknown) =>
    h.request({ method, url, token: await h.token(email), body });

export const setSubscriptions = (h: Harness, clientId: number, subs: readonly string[]) =>
  withSystem(h.database.db, (tx) =>
    tx.execute(
      sql`UPDATE clients SET subscriptions = ${`{${subs.join(',')}}`}::text[] WHERE id = ${clientId}`,
    ),
  );

/**
 * Deletes every project: a pipe is booked by one active project at most (issue 36), so tests that each make a
 * project of the same fixture pipes start from none.
 */
export const clearProjects = (h: Harness) =>
  withSystem(h.database.db, (tx) => tx.execute(sql`DELETE FROM projects`));
