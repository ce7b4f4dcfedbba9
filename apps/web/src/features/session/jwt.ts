// Reads the `exp` claim of the access JWT. The token's exp is the session's end (api-accounts.md),
// so the session clock is computed from it rather than from a local counter.

export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const json = new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
    const payload = JSON.parse(json) as unknown;
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Expiry of the token in epoch milliseconds, or null when it has none or cannot be read. */
export function tokenExpiryMs(token: string | null): number | null {
  if (!token) return null;
  const exp = decodeJwtPayload(token)?.exp;
  return typeof exp === 'number' ? exp * 1000 : null;
}

/** ACC-AUTH-13: a token whose exp has passed (or that cannot be read) counts as expired. */
export function isTokenExpired(token: string, nowMs: number): boolean {
  const exp = tokenExpiryMs(token);
  return exp == null || exp <= nowMs;
}

/**
 * When the session ends on this browser's clock: the token's lifetime (exp − iat) counted from when
 * we received it. Using the lifetime rather than the absolute exp makes the session clock immune to a
 * skewed client clock (and lets a test clock drive it). Without iat, the absolute exp is used.
 */
export function localExpiryMs(token: string, receivedAt: number): number | null {
  const payload = decodeJwtPayload(token);
  const exp = payload?.exp;
  const iat = payload?.iat;
  if (typeof exp !== 'number') return null;
  if (typeof iat === 'number' && exp > iat) return receivedAt + (exp - iat) * 1000;
  return exp * 1000;
}

/** Whose token it is: its subject, the user's id (api-accounts.md); null without a token or a readable one. */
export function tokenSubject(token: string | null): string | null {
  if (!token) return null;
  const sub = decodeJwtPayload(token)?.sub;
  return typeof sub === 'string' && sub.length > 0 ? sub : null;
}
