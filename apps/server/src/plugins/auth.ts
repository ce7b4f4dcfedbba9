// Bearer access tokens → request.user. The user is re-read from the database (system context) so a
// deactivated account or a staff client switch applies at once, not when the token expires.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sessionEnded } from '../modules/auth/ended-sessions.ts';
import { withSystem } from '../db/database.ts';
import type { AuthUser, Deps } from '../deps.ts';
import { AppError, unauthorized } from '../lib/errors.ts';
import { clientAllowsLogin } from '../modules/clients/client-view.ts';
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

async function authPlugin(app: FastifyInstance, opts: { deps: Deps }) {
  const { deps } = opts;
  app.decorateRequest('user', null);

  async function load(request: FastifyRequest, header: string): Promise<void> {
    const match = /^Bearer\s+(.+)$/i.exec(header);
    if (!match) throw unauthorized('Expected "Authorization: Bearer <token>".');
    const payload = await deps.tokens.verify(match[1]!.trim());
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
    if (!found.user.isActive || !clientAllowsLogin(found.client)) {
      throw new AppError(
        403,
        'ACCOUNT_INACTIVE',
        'This account is inactive. Please contact your administrator.',
      );
    }
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
