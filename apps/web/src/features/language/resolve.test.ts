import { describe, expect, it } from 'vitest';
import { languageAfterUserLoad, normalizeLanguage, resolveInitialLanguage } from './resolve.ts';

describe('language resolution', () => {
  it('normalises tags', () => {
    expect(normalizeLanguage('ja-JP')).toBe('ja');
    expect(normalizeLanguage('DE')).toBe('de');
    expect(normalizeLanguage('pt-BR')).toBeNull();
    expect(normalizeLanguage(null)).toBeNull();
  });

  it('picks cookie, then browser languages, else en (ACC-LANG-07)', () => {
    expect(resolveInitialLanguage({ cookie: 'fr', navigatorLanguages: ['de-DE'] })).toBe('fr');
    expect(resolveInitialLanguage({ cookie: null, navigatorLanguages: ['pt-BR', 'it-IT', 'de'] })).toBe('it');
    expect(resolveInitialLanguage({ cookie: 'xx', navigatorLanguages: [] })).toBe('en');
    expect(resolveInitialLanguage({ cookie: null, navigatorLanguages: ['zh-CN'] })).toBe('en');
  });

  it("applies the user's units language when it arrives (ACC-LANG-04)", () => {
    expect(languageAfterUserLoad({ unitsLanguage: 'ja', timedOut: false, current: 'en' })).toBe('ja');
    expect(languageAfterUserLoad({ unitsLanguage: 'ja', timedOut: true, current: 'en' })).toBe('ja');
  });

  it('waits, then falls back to the current locale after the timeout (ACC-LANG-05)', () => {
    expect(languageAfterUserLoad({ unitsLanguage: undefined, timedOut: false, current: 'de' })).toBeNull();
    expect(languageAfterUserLoad({ unitsLanguage: undefined, timedOut: true, current: 'de' })).toBe('de');
  });
});
