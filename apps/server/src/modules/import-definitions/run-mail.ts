// Whom a held or failed scheduled run is mailed to: every active administrator of the client (not the demo guest,
// not service accounts, whose addresses are undeliverable by design), each in their language. Once per run.
import { hasRole, PERMISSION_GROUP } from '@pipewise/domain';
import { sql } from 'drizzle-orm';
import { withTenant, type Database } from '../../db/database.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { scheduledImportMail } from '../../mail/scheduled-import-templates.ts';
import { languageOf } from '../users/user-view.ts';
import { listUsersOfClient } from '../users/users.repository.ts';

export interface RunMailContext {
  database: Database;
  mailer: Mailer | undefined;
  publicUrl: string;
}

/** The page where definitions and their runs are listed (apps/web: Data → Scheduled imports). */
export const scheduledImportsLink = (publicUrl: string) => `${publicUrl}/data/scheduled-imports`;

export async function mailAdministrators(
  ctx: RunMailContext,
  clientId: number,
  runId: number,
  outcome: 'held' | 'failed',
  about: { definition: string; network: string; reason: string },
): Promise<number> {
  if (!ctx.mailer) return 0;
  const admins = await withTenant(ctx.database.db, clientId, async (tx) => {
    // Claim the mail first: a tick and a run settling the same failure must not both send it.
    const claimed = await tx.execute(
      sql`UPDATE import_runs SET mailed_at = now() WHERE id = ${runId} AND mailed_at IS NULL RETURNING id`,
    );
    if (claimed.rows.length === 0) return [];
    return (await listUsersOfClient(tx, clientId))
      .map(({ user }) => user)
      .filter(
        (u) =>
          u.isActive &&
          !u.isDemo &&
          !u.serviceAccount &&
          hasRole(u.permissionGroupTypeCode, PERMISSION_GROUP.ADMINISTRATOR),
      );
  });
  const link = scheduledImportsLink(ctx.publicUrl);
  for (const a of admins)
    await ctx.mailer.send(scheduledImportMail(languageOf(a), a.email, outcome, about, link));
  return admins.length;
}
