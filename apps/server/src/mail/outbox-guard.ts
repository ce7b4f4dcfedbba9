// Issue 37: with no SMTP_URL every mail — sign-in codes, reset and invitation links of every tenant — is kept in
// the staff outbox, so staff could take over any account. That is fine for evaluating the demo, not for a utility's
// users: a production server whose database holds clients beyond the demo refuses to start without SMTP_URL,
// unless ALLOW_OUTBOX=true says the operator means it (each outbox read is audited either way).
import { sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { ConfigError } from '../config.ts';
import { withSystem, type Db } from '../db/database.ts';
import { DEMO_CLIENT_CODES } from '../db/seed.ts';

export async function assertMailForTenants(
  config: Pick<Config, 'env' | 'smtpUrl' | 'allowOutbox'>,
  db: Db,
): Promise<void> {
  if (config.env !== 'production' || config.smtpUrl || config.allowOutbox) return;
  const codes = sql.join(
    DEMO_CLIENT_CODES.map((c) => sql`${c}`),
    sql`, `,
  );
  const rows = await withSystem(db, (tx) =>
    tx.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM clients WHERE registration_code IS NULL OR registration_code NOT IN (${codes})`,
    ),
  );
  const tenants = Number(rows.rows[0]?.n ?? 0);
  if (tenants === 0) return;
  throw new ConfigError(
    `This server holds ${tenants} client${tenants === 1 ? '' : 's'} beyond the demo but has no SMTP_URL: ` +
      'their sign-in codes and password links would only be kept in the staff outbox. Set SMTP_URL, or set ' +
      'ALLOW_OUTBOX=true for an evaluation server (see the README, "Deployment").',
  );
}
