import { describe, expect, it } from 'vitest';
import { LoginThrottle } from './login-throttle.ts';

describe('LoginThrottle', () => {
  it('blocks a key after max failures until the window ends, and a success clears it', () => {
    let now = 1_000;
    const throttle = new LoginThrottle(3, 60_000, () => now);
    for (let i = 0; i < 3; i++) {
      expect(throttle.blockedFor('ip|a@b.c')).toBe(0);
      throttle.fail('ip|a@b.c');
    }
    expect(throttle.blockedFor('ip|a@b.c')).toBe(60_000);
    expect(throttle.blockedFor('ip|other@b.c')).toBe(0);
    now += 59_999;
    expect(throttle.blockedFor('ip|a@b.c')).toBe(1);
    now += 1;
    expect(throttle.blockedFor('ip|a@b.c')).toBe(0);

    throttle.fail('ip|a@b.c');
    throttle.fail('ip|a@b.c');
    throttle.succeed('ip|a@b.c');
    throttle.fail('ip|a@b.c');
    throttle.fail('ip|a@b.c');
    expect(throttle.blockedFor('ip|a@b.c')).toBe(0);
  });
});
