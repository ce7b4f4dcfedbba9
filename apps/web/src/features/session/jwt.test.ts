import { describe, expect, it } from 'vitest';
import { fakeJwt } from '../../test/jwt.ts';
import { decodeJwtPayload, isTokenExpired, localExpiryMs, tokenExpiryMs } from './jwt.ts';

describe('jwt', () => {
  it('reads exp in ms', () => {
    expect(tokenExpiryMs(fakeJwt({ sub: '1', exp: 1_900_000_000 }))).toBe(1_900_000_000_000);
    expect(decodeJwtPayload(fakeJwt({ sub: 'ünï' }))).toEqual({ sub: 'ünï' });
  });

  it('treats unreadable or past tokens as expired (ACC-AUTH-13)', () => {
    const token = fakeJwt({ exp: 1000 });
    expect(isTokenExpired(token, 999_000)).toBe(false);
    expect(isTokenExpired(token, 1_000_000)).toBe(true);
    expect(isTokenExpired('garbage', 0)).toBe(true);
    expect(tokenExpiryMs(null)).toBeNull();
  });

  it('counts the lifetime (exp − iat) from receipt, so a skewed client clock does not matter', () => {
    const token = fakeJwt({ iat: 1000, exp: 2800 });
    // The client clock is far from the server's: still 1800 s from when we got the token.
    expect(localExpiryMs(token, 5_000_000)).toBe(5_000_000 + 1_800_000);
    expect(localExpiryMs(fakeJwt({ exp: 2800 }), 5_000_000)).toBe(2_800_000);
    expect(localExpiryMs('garbage', 0)).toBeNull();
  });
});
