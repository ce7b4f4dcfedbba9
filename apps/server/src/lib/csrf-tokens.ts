// Signed, session-bound CSRF tokens (issue 37; OWASP's "signed double-submit cookie"). A token is
// `<nonce>.<binding>.<mac>`: a random nonce, the session it belongs to and an HMAC-SHA256 of both. The binding is
// `anon` for a browser with no session, else a tag derived from the session id (the refresh-token family carried
// as `sid` in access tokens) by HMAC, so the cookie never shows the session id itself. Both keys are derived from
// the server's JWT secret with their own labels (HKDF), so neither is the JWT key and several API processes that
// share the secret accept each other's tokens.
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { randomToken } from './crypto.ts';

/** The binding of a token issued to a browser with no session. */
export const ANONYMOUS_BINDING = 'anon';

const NONCE = /^[A-Za-z0-9_-]{22,64}$/;
const TAG = /^[A-Za-z0-9_-]{22}$/;
const MAC = /^[A-Za-z0-9_-]{43}$/;

function deriveKey(secret: string, label: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'pipewise', label, 32));
}

export class CsrfTokens {
  private readonly macKey: Buffer;
  private readonly bindingKey: Buffer;

  constructor(secret: string) {
    this.macKey = deriveKey(secret, 'csrf-token-mac-v1');
    this.bindingKey = deriveKey(secret, 'csrf-session-binding-v1');
  }

  /** The binding a token must carry for this session (`anon` without one). */
  binding(sessionId: string | null): string {
    if (sessionId === null) return ANONYMOUS_BINDING;
    // 128 bits of the HMAC: enough to tell sessions apart, and one-way.
    return createHmac('sha256', this.bindingKey)
      .update(sessionId)
      .digest()
      .subarray(0, 16)
      .toString('base64url');
  }

  /** A new token for the session (or anonymous). */
  issue(sessionId: string | null): string {
    const body = `${randomToken()}.${this.binding(sessionId)}`;
    return `${body}.${this.mac(body)}`;
  }

  /** The binding of a token this server signed; null for anything else (planted, unsigned, another key). */
  verify(token: string): string | null {
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [nonce, binding, mac] = parts as [string, string, string];
    if (!NONCE.test(nonce) || !(binding === ANONYMOUS_BINDING || TAG.test(binding)) || !MAC.test(mac)) {
      return null;
    }
    const expected = Buffer.from(this.mac(`${nonce}.${binding}`));
    const given = Buffer.from(mac);
    return expected.length === given.length && timingSafeEqual(expected, given) ? binding : null;
  }

  private mac(body: string): string {
    return createHmac('sha256', this.macKey).update(body).digest('base64url');
  }
}
