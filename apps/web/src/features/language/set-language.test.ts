import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n.ts';
import type { CurrentUser } from '../session/index.ts';
import { changeLanguage } from './set-language.ts';

const user = { timeZone: 'Asia/Tokyo', locale: 'en-US' } as CurrentUser;

describe('changeLanguage', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    document.cookie = 'pw_csrf=c; Path=/';
    localStorage.clear();
    fetchMock = vi.fn(() =>
      Promise.resolve(
        new Response(
          JSON.stringify({ time_zone: 'Asia/Tokyo', locale: 'en-US', language: 'de', units: {} }),
          {
            status: 200,
          },
        ),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    await i18n.changeLanguage('en');
  });

  it('logged out: stores login_language, writes the lang cookie and switches at once (ACC-LANG-01/02/06)', async () => {
    await changeLanguage('fr', undefined);
    expect(localStorage.getItem('login_language')).toBe('fr');
    expect(document.cookie).toContain('lang=fr');
    expect(i18n.language).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('logged in: saves through PUT language-timezone keeping time zone and locale, then switches (ACC-LANG-03)', async () => {
    await changeLanguage('de', user);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/user/language-timezone');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(init.body as string)).toEqual({
      time_zone: 'Asia/Tokyo',
      locale: 'en-US',
      language: 'de',
    });
    expect(i18n.language).toBe('de');
  });

  it('the demo guest: switches locally without saving the shared account (issue 18)', async () => {
    await changeLanguage('es', { ...user, isDemo: true });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(localStorage.getItem('login_language')).toBe('es');
    expect(i18n.language).toBe('es');
  });

  it('only logs a failed change (ACC-LANG-08)', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(new Response('{"status":400,"message":"bad"}', { status: 400 })),
    );
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(changeLanguage('it', user)).resolves.toBeUndefined();
    expect(error).toHaveBeenCalled();
    expect(i18n.language).toBe('en');
  });
});
