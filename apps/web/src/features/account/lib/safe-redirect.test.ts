import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect.ts';

const origin = 'https://pipewise.example';

describe('safeRedirect', () => {
  it('follows a same-origin path with its query', () => {
    expect(safeRedirect('/map/lof?x=1', origin)).toBe('/map/lof?x=1');
  });

  it.each([
    null,
    '',
    'home',
    '//evil.example/x',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
  ])('falls back to /home for %s', (target) => {
    expect(safeRedirect(target, origin)).toBe('/home');
  });

  it('does not send a freshly logged-in user back to the login page', () => {
    expect(safeRedirect('/user/login?redirect=/map', origin)).toBe('/home');
  });
});
