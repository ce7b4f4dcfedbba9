import { describe, expect, it } from 'vitest';
import { decideGuard, GUARD_NAMES, needsDataCheck, runGuards } from './guards.ts';
import type { GuardContext } from './guards.ts';

const ctx = (over: Partial<GuardContext> = {}): GuardContext => ({
  pathname: '/map/lof',
  path: '/map/lof?x=1',
  loggedIn: true,
  hasData: true,
  ...over,
});

describe('route guards (SHELL-GUARD-01)', () => {
  it('exist by name', () => {
    expect(GUARD_NAMES).toEqual(['auth', 'guest', 'headers', 'noData']);
  });

  it('auth sends a logged-out user to login with the path as redirect (SHELL-GUARD-02)', () => {
    expect(decideGuard('auth', ctx({ loggedIn: false }))).toBe('/user/login?redirect=%2Fmap%2Flof%3Fx%3D1');
    expect(decideGuard('auth', ctx())).toBeNull();
  });

  it('guest sends a logged-in user to /home (SHELL-GUARD-03)', () => {
    expect(decideGuard('guest', ctx({ pathname: '/user/login' }))).toBe('/home');
    expect(decideGuard('guest', ctx({ loggedIn: false }))).toBeNull();
  });

  it('headers never redirects', () => {
    expect(decideGuard('headers', ctx({ loggedIn: false }))).toBeNull();
  });

  it('noData sends every path but /home, /data/unavailable, /data and /data/import to /data/unavailable (SHELL-ROUTE-07)', () => {
    expect(decideGuard('noData', ctx({ hasData: false }))).toBe('/data/unavailable');
    expect(decideGuard('noData', ctx({ hasData: false, pathname: '/reports/asset' }))).toBe(
      '/data/unavailable',
    );
    expect(decideGuard('noData', ctx({ hasData: false, pathname: '/data/export' }))).toBe(
      '/data/unavailable',
    );
    expect(decideGuard('noData', ctx({ hasData: false, pathname: '/home' }))).toBeNull();
    expect(decideGuard('noData', ctx({ hasData: false, pathname: '/data/unavailable' }))).toBeNull();
    expect(decideGuard('noData', ctx({ hasData: true }))).toBeNull();
    expect(decideGuard('noData', ctx({ hasData: null }))).toBeNull();
  });

  it('lets a user without data reach the dataset page and the import, so the first import is possible', () => {
    expect(decideGuard('noData', ctx({ hasData: false, pathname: '/data' }))).toBeNull();
    expect(decideGuard('noData', ctx({ hasData: false, pathname: '/data/import' }))).toBeNull();
    expect(needsDataCheck(['auth', 'noData'], { pathname: '/data/import', loggedIn: true })).toBe(false);
  });

  it('asks for data only when noData applies', () => {
    expect(needsDataCheck(['auth', 'noData'], { pathname: '/map', loggedIn: true })).toBe(true);
    expect(needsDataCheck(['auth', 'noData'], { pathname: '/home', loggedIn: true })).toBe(false);
    expect(needsDataCheck(['auth', 'noData'], { pathname: '/map', loggedIn: false })).toBe(false);
    expect(needsDataCheck(['auth'], { pathname: '/map', loggedIn: true })).toBe(false);
  });

  it('runs in order; auth wins over noData for a logged-out user', () => {
    expect(runGuards(['headers', 'auth', 'noData'], ctx({ loggedIn: false, hasData: false }))).toMatch(
      /^\/user\/login/,
    );
    expect(runGuards(['headers', 'auth', 'noData'], ctx({ hasData: false }))).toBe('/data/unavailable');
    expect(runGuards(['headers', 'auth', 'noData'], ctx())).toBeNull();
  });

  it("an unknown guard is a 500 'Unknown middleware' (ERR-04)", () => {
    expect(() => runGuards(['auth', 'bogus'], ctx())).toThrow(
      expect.objectContaining({ status: 500, message: 'Unknown middleware' }),
    );
  });
});
