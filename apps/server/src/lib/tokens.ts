// Access tokens: JWT HS256 via jose, exp = iat + SESSION.lengthSeconds (spec 000 §9: 1800 s).
import { SESSION } from '@pipewise/domain';
import { errors, jwtVerify, SignJWT } from 'jose';
import { AppError, unauthorized } from './errors.ts';

export interface AccessPayload {
  userId: number;
  clientId: number;
  /** users.token_version when the token was issued; a new password raises it (issue 18). */
  tokenVersion: number;
  /** Seconds since the epoch. */
  exp: number;
  /** The session (refresh-token family) it was issued in: a logout of that session ends it (issue 37). */
  sessionId: string | null;
}

export class AccessTokens {
  private readonly key: Uint8Array;
  constructor(
    secret: string,
    private readonly lifetimeSeconds: number = SESSION.lengthSeconds,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(
    userId: number,
    clientId: number,
    now = Date.now(),
    tokenVersion = 0,
    sessionId: string | null = null,
  ): Promise<string> {
    const iat = Math.floor(now / 1000);
    return new SignJWT({
      client_id: clientId,
      tv: tokenVersion,
      ...(sessionId !== null && { sid: sessionId }),
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.lifetimeSeconds)
      .sign(this.key);
  }

  async verify(token: string): Promise<AccessPayload> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      const clientId = payload['client_id'];
      // Tokens signed before token versions existed carry none: version 0, the column's default.
      const tokenVersion = payload['tv'] ?? 0;
      const sessionId = payload['sid'] ?? null;
      if (
        (sessionId !== null && typeof sessionId !== 'string') ||
        !Number.isInteger(userId) ||
        typeof clientId !== 'number' ||
        typeof tokenVersion !== 'number' ||
        typeof payload.exp !== 'number'
      ) {
        throw unauthorized('Invalid access token.');
      }
      return { userId, clientId, tokenVersion, exp: payload.exp, sessionId: sessionId as string | null };
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (err instanceof errors.JWTExpired) throw unauthorized('Your session has expired.', 'TOKEN_EXPIRED');
      throw unauthorized('Invalid access token.');
    }
  }
}
