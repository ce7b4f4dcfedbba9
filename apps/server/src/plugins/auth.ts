// Bearer access tokens → request.user. The user is re-read from the database (system context) so a
// deactivated account or a staff client switch applies at once, not when the token expires.
// A bearer starting with `pwt_` is an API token (issue 42): found by the sha256 of the secret, refused when revoked,
// expired or its user inactive, and checked against the route's scope (lib/token-scopes.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sessionEnded } from '../modules/auth/ended-sessions.ts';
import { withSystem } from '../db/database.ts';
import type { AuthUser, Deps } from '../deps.ts';
import { API_TOKEN } from '@pipewise/domain';
import { sha256 } from '../lib/crypto.ts';
import { AppError, unauthorized } from '../lib/errors.ts';
import { assertTokenScope } from '../lib/token-scopes.ts';
import { clientAllowsLogin } from '../modules/clients/client-view.ts';
import { findApiTokenByHash, touchApiToken } from '../modules/tokens/tokens.repository.ts';
import { findUserById } from '../modules/users/users.repository.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** onRequest hook: 401 unless a valid access token is presented. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** onRequest hook: sets request.user when a token is presented, ignores its absence. */
    authenticateOptional: (request: FastifyRequest) => Promise<void>;
  }
}

/** The authenticated caller; routes behind `authenticate` can rely on it. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

const accountInactive = () =>
  new AppError(403, 'ACCOUNT_INACTIVE', 'This account is inactive. Please contact your administrator.');

async function authPlugin(app: FastifyInstance, opts: { deps: Deps }) {
  const { deps } = opts;
  app.decorateRequest('user', null);

  /** An API token: its row by hash, its user re-read, last_used_at written at most once a minute. */
  async function loadApiToken(request: FastifyRequest, secret: string): Promise<void> {
    const found = await withSystem(deps.database.db, async (tx) => {
      const row = await findApiTokenByHash(tx, sha256(secret));
      const usable = row && !row.token.revokedAt && row.token.expiresAt > new Date();
      const stale =
        !row?.token.lastUsedAt ||
        Date.now() - row.token.lastUsedAt.getTime() >= API_TOKEN.lastUsedResolutionSeconds * 1000;
      if (usable && stale) await touchApiToken(tx, row.token.id);
      return row;
    });
    if (!found) throw unauthorized('Invalid API token.');
    const { token, user, client } = found;
    // A staff user switched to another client no longer acts for the client the token was made in.
    if (token.revokedAt || user.clientId !== token.clientId) {
      throw unauthorized('This API token has been revoked.', 'TOKEN_REVOKED');
    }
    if (token.expiresAt <= new Date()) throw unauthorized('This API token has expired.', 'TOKEN_EXPIRED');
    if (!user.isActive || user.awaitingApproval || !clientAllowsLogin(client)) throw accountInactive();
    request.user = {
      id: user.id,
      clientId: user.clientId,
      isStaff: user.isStaff,
      permissionGroupTypeCode: user.permissionGroupTypeCode,
      isDemo: user.isDemo,
      expiresAt: token.expiresAt,
      sessionId: null,
      apiToken: { id: token.id, scopes: token.scopes },
    };
    assertTokenScope(token.scopes, request.method, request.routeOptions.url ?? request.url.split('?', 1)[0]!);
  }

  async function load(request: FastifyRequest, header: string): Promise<void> {
    const match = /^Bearer\s+(.+)$/i.exec(header);
    if (!match) throw unauthorized('Expected "Authorization: Bearer <token>".');
    const presented = match[1]!.trim();
    if (presented.startsWith(API_TOKEN.secretPrefix)) return loadApiToken(request, presented);
    const payload = await deps.tokens.verify(presented);
    const [found, ended] = await withSystem(
      deps.database.db,
      async (tx) =>
        [
          await findUserById(tx, payload.userId),
          payload.sessionId !== null && (await sessionEnded(tx, payload.sessionId)),
        ] as const,
    );
    if (!found) throw unauthorized('Invalid access token.');
    // A logout ends the session's access token too, not only its refresh token (issue 37: it worked 30 more minutes).
    if (ended) throw unauthorized('This session has ended. Please log in again.', 'TOKEN_REVOKED');
    // The row is read anyway, so checking the version costs nothing: a new password ends older tokens at once.
    if (found.user.tokenVersion !== payload.tokenVersion) {
      throw unauthorized('Your password was changed. Please log in again.', 'TOKEN_REVOKED');
    }
    if (!found.user.isActive || !clientAllowsLogin(found.client)) throw accountInactive();
    request.user = {
      id: found.user.id,
      clientId: found.user.clientId,
      isStaff: found.user.isStaff,
      permissionGroupTypeCode: found.user.permissionGroupTypeCode,
      isDemo: found.user.isDemo,
      expiresAt: new Date(payload.exp * 1000),
      sessionId: payload.sessionId,
    };
  }

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (!header) throw unauthorized();
    await load(request, header);
  });
  app.decorate('authenticateOptional', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (header) await load(request, header);
  });
}

export default fp(authPlugin, { name: 'pipewise-auth', fastify: '5.x' });
