// Service tier: token rules without HTTP.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { forEachBackend, ADMIN, DEMO_PASSWORD } from '../../../test/helpers/harness.ts';
import { AppError } from '../../lib/errors.ts';
import { sha256 } from '../../lib/crypto.ts';
import type { TokenPair } from '@pipewise/domain';
import { login as loginStep, refresh, revoke } from './auth.service.ts';

/** These accounts sign in without an e-mailed code (issue 17), so the first step gives the tokens. */
const login = async (...args: Parameters<typeof loginStep>) => (await loginStep(...args)) as TokenPair;

const codeOf = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  return err instanceof AppError ? `${err.statusCode} ${err.code}` : String(err);
};

forEachBackend('auth service', (h) => {
  it('stores only the sha256 of refresh tokens', async () => {
    const pair = await login(h.deps, ADMIN, DEMO_PASSWORD);
    const rows = await h.database.db.execute(
      sql`SELECT token_hash FROM refresh_tokens WHERE token_hash = ${sha256(pair.refresh)}`,
    );
    expect(rows.rows).toHaveLength(1);
    const plain = await h.database.db.execute(
      sql`SELECT 1 FROM refresh_tokens WHERE token_hash = ${pair.refresh}`,
    );
    expect(plain.rows).toHaveLength(0);
  });

  it('keeps one family across rotations and revokes it on reuse', async () => {
    const a = await login(h.deps, ADMIN, DEMO_PASSWORD);
    const b = await refresh(h.deps, a.refresh);
    const c = await refresh(h.deps, b.refresh);
    const families = await h.database.db.execute(
      sql`SELECT DISTINCT family_id FROM refresh_tokens WHERE token_hash IN (${sha256(a.refresh)}, ${sha256(b.refresh)}, ${sha256(c.refresh)})`,
    );
    expect(families.rows).toHaveLength(1);
    // Within the grace a repeat is a lost answer: a new pair of the same family.
    const again = await refresh(h.deps, b.refresh);
    expect(again.refresh).not.toBe(c.refresh);
    await h.database.db.execute(
      sql`UPDATE refresh_tokens SET used_at = now() - interval '61 seconds' WHERE token_hash = ${sha256(b.refresh)}`,
    );
    expect(await codeOf(refresh(h.deps, b.refresh))).toBe('401 REFRESH_REUSED');
    expect(await codeOf(refresh(h.deps, c.refresh))).toBe('401 REFRESH_INVALID');
  });

  it('a logout of one session leaves other sessions alone', async () => {
    const one = await login(h.deps, ADMIN, DEMO_PASSWORD);
    const two = await login(h.deps, ADMIN, DEMO_PASSWORD);
    await revoke(h.deps, one.refresh);
    expect(await codeOf(refresh(h.deps, one.refresh))).toBe('401 REFRESH_INVALID');
    await expect(refresh(h.deps, two.refresh)).resolves.toHaveProperty('access');
  });

  it('refuses a refresh once the account was deactivated', async () => {
    const pair = await login(h.deps, 'worker@demo.pipewise.local', DEMO_PASSWORD);
    await h.database.db.execute(sql`UPDATE users SET is_active = false WHERE id = 2`);
    try {
      expect(await codeOf(refresh(h.deps, pair.refresh))).toBe('403 ACCOUNT_INACTIVE');
    } finally {
      await h.database.db.execute(sql`UPDATE users SET is_active = true WHERE id = 2`);
    }
  });
});
