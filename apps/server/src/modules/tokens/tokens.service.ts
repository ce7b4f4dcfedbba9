// API tokens (issue 42; docs/api-tokens.md): a user makes tokens for themselves in the settings; an administrator
// also for another user of the client or for a new service account, and sees and revokes every token of the
// client (/admin/workflow). A token's scopes never exceed its user's role; each creation and revocation is in the
// admin audit log, in the same transaction.
import {
  API_TOKEN,
  grantableScopes,
  serviceAccountRole,
  type ApiToken,
  type ApiTokenCreated,
  type ApiTokenList,
  type TokenScope,
} from '@pipewise/domain';
import { withTenant, type Db } from '../../db/database.ts';
import type { AuthUser, Deps } from '../../deps.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { AppError, assertNotDemo, fieldError, forbidden, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../admin/admin-audit.ts';
import { isClientAdmin } from '../admin/admin-access.ts';
import { findUserById, insertUser } from '../users/users.repository.ts';
import * as repo from './tokens.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const tokenNotFound = () => notFound('API token not found.');
const isAdmin = (me: AuthUser) => me.isStaff || isClientAdmin(me);

/** A new secret: `pwt_` and 32 random bytes, base64url (43 characters). */
export const newSecret = (): string => `${API_TOKEN.secretPrefix}${randomToken(32)}`;

export function toApiToken({ token, user }: repo.ApiTokenWithUser): ApiToken {
  return {
    id: token.id,
    name: token.name,
    scopes: token.scopes as TokenScope[],
    prefix: token.prefix,
    expires_at: token.expiresAt.toISOString(),
    last_used_at: token.lastUsedAt?.toISOString() ?? null,
    created_at: token.createdAt.toISOString(),
    revoked_at: token.revokedAt?.toISOString() ?? null,
    user_id: user.id,
    user_name: user.fullName,
    user_email: user.email,
    service_account: user.serviceAccount,
  };
}

/** The expiry asked for, or 90 days from now; in the future and at most two years ahead. */
function expiryOf(asked: string | undefined): Date {
  const now = Date.now();
  if (asked === undefined) return new Date(now + API_TOKEN.defaultLifetimeDays * DAY_MS);
  const at = new Date(asked);
  if (at.getTime() <= now) {
    throw fieldError('BAD_REQUEST', 'The expiry must be in the future.', 'expires_at', 'after');
  }
  // A day of slack, so that a date picked as "two years from today" in any time zone passes.
  if (at.getTime() > now + (API_TOKEN.maxLifetimeDays + 1) * DAY_MS) {
    throw fieldError('BAD_REQUEST', 'A token expires at most two years from now.', 'expires_at', 'max_value');
  }
  return at;
}

interface TokenUser {
  id: number;
  permissionGroupTypeCode: number;
  isStaff: boolean;
  isActive: boolean;
}

/** The user the new token acts as: the caller, another user of the client, or a new service account. */
async function tokenUser(
  tx: Db,
  me: AuthUser,
  body: {
    user_id?: number | undefined;
    service_account?: { name: string } | undefined;
    scopes: TokenScope[];
  },
): Promise<TokenUser> {
  if (body.service_account) {
    return insertUser(tx, {
      clientId: me.clientId,
      // Unique and undeliverable (RFC 2606 .invalid): no mail, no reset link, no login ever reaches it.
      email: `service-${randomToken(9)
        .toLowerCase()
        .replace(/[^a-z0-9]/g, '0')}@service-account.invalid`,
      // Not an argon2 hash: no password verifies against it (and login refuses service accounts anyway).
      passwordHash: '!service-account',
      fullName: body.service_account.name,
      permissionGroupTypeCode: serviceAccountRole(body.scopes),
      serviceAccount: true,
    });
  }
  if (body.user_id === undefined || body.user_id === me.id) {
    return {
      id: me.id,
      permissionGroupTypeCode: me.permissionGroupTypeCode,
      isStaff: me.isStaff,
      isActive: true,
    };
  }
  // Another client's user is hidden by row-level security: 404 as if unknown.
  const found = await findUserById(tx, body.user_id);
  if (!found) throw notFound('User not found.');
  return found.user;
}

export function createToken(
  deps: Deps,
  me: AuthUser,
  body: {
    name: string;
    scopes: TokenScope[];
    expires_at?: string | undefined;
    user_id?: number | undefined;
    service_account?: { name: string } | undefined;
  },
): Promise<ApiTokenCreated> {
  assertNotDemo(me);
  if (body.user_id !== undefined && body.service_account) {
    throw fieldError('BAD_REQUEST', 'Give either a user or a service account.', 'user_id', 'required');
  }
  const forOther =
    (body.user_id !== undefined && body.user_id !== me.id) || body.service_account !== undefined;
  if (forOther && !isAdmin(me)) {
    throw forbidden('Only administrators can make tokens for other users or service accounts.');
  }
  const expiresAt = expiryOf(body.expires_at);
  return withTenant(deps.database.db, me.clientId, async (tx) => {
    const user = await tokenUser(tx, me, body);
    if (!user.isActive) throw new AppError(409, 'CONFLICT', 'This user is inactive.');
    const allowed = grantableScopes(user);
    const refused = body.scopes.filter((s) => !allowed.includes(s));
    if (refused.length > 0) {
      throw forbidden(
        `The user's role does not allow the scope${refused.length > 1 ? 's' : ''} ${refused.join(', ')}.`,
      );
    }
    const secret = newSecret();
    const row = await repo.insertApiToken(tx, {
      clientId: me.clientId,
      userId: user.id,
      name: body.name,
      scopes: body.scopes,
      tokenHash: sha256(secret),
      prefix: secret.slice(0, API_TOKEN.displayPrefixLength),
      expiresAt,
      createdBy: me.id,
    });
    await recordAudit(tx, {
      clientId: me.clientId,
      actorId: me.id,
      action: 'token.create',
      targetId: user.id,
      changes: {
        token_id: row.id,
        name: row.name,
        scopes: row.scopes,
        expires_at: row.expiresAt.toISOString(),
        ...(body.service_account && { service_account: body.service_account.name }),
      },
    });
    const found = await repo.findApiToken(tx, row.id);
    return { ...toApiToken(found!), token: secret };
  });
}

/** The caller's own tokens; with `all`, an administrator's view of every token of the client. */
export function listTokens(deps: Deps, me: AuthUser, all: boolean): Promise<ApiTokenList> {
  if (all && !isAdmin(me)) throw forbidden('Only administrators can list every token of the client.');
  return withTenant(deps.database.db, me.clientId, async (tx) => ({
    tokens: (await repo.listApiTokens(tx, all ? null : me.id)).map(toApiToken),
  }));
}

/** Revokes one of the caller's tokens, or (administrators) any of the client's; others' are a 404. */
export function revokeToken(deps: Deps, me: AuthUser, id: number): Promise<void> {
  assertNotDemo(me);
  return withTenant(deps.database.db, me.clientId, async (tx) => {
    const found = await repo.findApiToken(tx, id);
    if (!found || found.token.revokedAt || (found.token.userId !== me.id && !isAdmin(me))) {
      throw tokenNotFound();
    }
    await repo.revokeApiToken(tx, id);
    await recordAudit(tx, {
      clientId: me.clientId,
      actorId: me.id,
      action: 'token.revoke',
      targetId: found.token.userId,
      changes: { token_id: id, name: found.token.name },
    });
  });
}
