// Issue 37: a production server with real tenants and no SMTP_URL kept their sign-in codes and reset links in the
// staff outbox. It now refuses to start that way, unless ALLOW_OUTBOX says it is meant.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { ConfigError } from '../src/config.ts';
import { withSystem } from '../src/db/database.ts';
import { assertMailForTenants } from '../src/mail/outbox-guard.ts';
import { forEachBackend } from './helpers/harness.ts';

const production = { env: 'production', smtpUrl: undefined, allowOutbox: false };

forEachBackend('the outbox in production', (h) => {
  it('starts the demo alone without SMTP, and refuses once a real client exists', async () => {
    await expect(assertMailForTenants(production, h.database.db)).resolves.toBeUndefined();
    await withSystem(h.database.db, (tx) =>
      tx.execute(sql`INSERT INTO clients (name, registration_code, client_status_type_code, organization_id)
        SELECT 'Springfield Water', 'SPRING-1', client_status_type_code, organization_id FROM clients WHERE id = 1`),
    );
    const refused = assertMailForTenants(production, h.database.db);
    await expect(refused).rejects.toBeInstanceOf(ConfigError);
    await expect(refused).rejects.toThrow(/1 client beyond the demo but has no SMTP_URL.*ALLOW_OUTBOX=true/);
    // Told otherwise, with SMTP, or outside production: it starts.
    await expect(
      assertMailForTenants({ ...production, allowOutbox: true }, h.database.db),
    ).resolves.toBeUndefined();
    await expect(
      assertMailForTenants({ ...production, smtpUrl: 'smtp://mail.example.com' }, h.database.db),
    ).resolves.toBeUndefined();
    await expect(
      assertMailForTenants({ ...production, env: 'development' }, h.database.db),
    ).resolves.toBeUndefined();
  });
});
