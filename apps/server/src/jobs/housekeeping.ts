// Periodic clean-up; also the first registered job, so later pipeline jobs follow the same shape.
import type PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { withSystem, type Database } from '../db/database.ts';
import { purgePasswordResets } from '../modules/accounts/password-resets.repository.ts';
import { purgeRefreshTokens } from '../modules/auth/refresh-tokens.repository.ts';

export const HOUSEKEEPING_QUEUE = 'housekeeping';

export async function runHousekeeping(
  database: Database,
): Promise<{ refreshTokens: number; passwordResets: number }> {
  return withSystem(database.db, async (tx) => ({
    refreshTokens: await purgeRefreshTokens(tx),
    passwordResets: await purgePasswordResets(tx),
  }));
}

export async function registerHousekeeping(
  boss: PgBoss,
  database: Database,
  log: FastifyBaseLogger,
): Promise<void> {
  await boss.createQueue(HOUSEKEEPING_QUEUE);
  await boss.work(HOUSEKEEPING_QUEUE, async () => {
    const purged = await runHousekeeping(database);
    log.info({ purged }, 'housekeeping done');
  });
  // Hourly: expired tokens are harmless, this only keeps the tables small.
  await boss.schedule(HOUSEKEEPING_QUEUE, '17 * * * *');
}
