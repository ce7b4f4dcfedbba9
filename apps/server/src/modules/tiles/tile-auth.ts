// Authentication of a tile request without the database, when it can be (issue 41): the access token's signature
// (a token verified once is kept until it expires), then the user as the auth plugin last read it (tile-access.ts,
// forgotten on any change of the user or their client), then the session's "still open" answer the auth plugin
// keeps too (ended-sessions.ts). Anything else — an API token, a user not read yet, a token of another version, a
// token that does not verify — goes through app.authenticate, which reads the database and answers the errors; its
// user is then remembered for the next tile.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_TOKEN } from '@pipewise/domain';
import { withSystem } from '../../db/database.ts';
import type { AuthUser, Deps } from '../../deps.ts';
import type { AccessPayload, AccessTokens } from '../../lib/tokens.ts';
import { sessionEnded, sessionKnownOpen } from '../auth/ended-sessions.ts';
import { isFamilyRevoked } from '../auth/refresh-tokens.repository.ts';
import { tileAccessOf } from './tile-access.ts';

const MAX_TOKENS = 10_000;
/** Verified access tokens per signer (each app has its own secret), by the token's text. */
const verified = new WeakMap<AccessTokens, Map<string, AccessPayload>>();

async function verifiedPayload(tokens: AccessTokens, token: string): Promise<AccessPayload | null> {
  let m = verified.get(tokens);
  if (!m) verified.set(tokens, (m = new Map()));
  const kept = m.get(token);
  if (kept) {
    if (kept.exp * 1000 > Date.now()) return kept;
    m.delete(token);
    return null;
  }
  try {
    const payload = await tokens.verify(token);
    if (m.size >= MAX_TOKENS) m.clear();
    m.set(token, payload);
    return payload;
  } catch {
    return null;
  }
}

/** The session's access token of an Authorization header; null for none or an API token. */
export function bearerOf(authorization: string | undefined): string | null {
  const m = /^Bearer\s+(.+)$/i.exec(authorization ?? '');
  const token = m?.[1]?.trim();
  return token && !token.startsWith(API_TOKEN.secretPrefix) ? token : null;
}

/**
 * The caller's client from memory with no await and no allocation — a token verified before, its user known, its
 * session known open — or undefined when any of them needs the asynchronous path (userFromMemory). The hit path in
 * front of Fastify answers most tiles from here and needs nothing of the user but the client: a promise per tile
 * was a third of what it spent beyond a plain server's, and a user object copied per tile a tenth of the rest.
 */
export function clientFromMemorySync(deps: Deps, token: string): number | undefined {
  const access = tileAccessOf(deps.database);
  if (!access.listening) return undefined;
  const payload = verified.get(deps.tokens)?.get(token);
  if (!payload || payload.exp * 1000 <= Date.now()) return undefined;
  const known = access.user(payload.userId);
  if (!known || known.tokenVersion !== payload.tokenVersion) return undefined;
  if (payload.sessionId !== null && !sessionKnownOpen(payload.sessionId)) return undefined;
  return known.user.clientId;
}

/** The caller from memory, or null when the database must be asked. */
export async function userFromMemory(deps: Deps, token: string): Promise<AuthUser | null> {
  const access = tileAccessOf(deps.database);
  if (!access.listening) return null;
  const payload = await verifiedPayload(deps.tokens, token);
  if (!payload) return null;
  const known = access.user(payload.userId);
  if (!known || known.tokenVersion !== payload.tokenVersion) return null;
  if (payload.sessionId !== null) {
    const ended = await sessionEnded(deps.database.db, payload.sessionId, (_, sid) =>
      withSystem(deps.database.db, (tx) => isFamilyRevoked(tx, sid)),
    );
    if (ended) return null;
  }
  return { ...known.user, expiresAt: new Date(payload.exp * 1000), sessionId: payload.sessionId };
}

/** The tile route's onRequest hook. */
export function authenticateTile(app: FastifyInstance, deps: Deps) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = bearerOf(request.headers.authorization);
    if (token) {
      const user = await userFromMemory(deps, token);
      if (user) {
        request.user = user;
        return;
      }
    }
    const access = tileAccessOf(deps.database);
    const since = access.begin();
    await app.authenticate(request);
    const user = request.user;
    if (!token || !user || user.apiToken) return;
    // app.authenticate accepted it: the user is active, their client allows sign-in and the version matches.
    const payload = await verifiedPayload(deps.tokens, token);
    if (!payload) return;
    const { id, clientId, isStaff, permissionGroupTypeCode, isDemo } = user;
    access.rememberUser(
      id,
      {
        user: { id, clientId, isStaff, permissionGroupTypeCode, isDemo },
        tokenVersion: payload.tokenVersion,
      },
      since,
    );
  };
}
