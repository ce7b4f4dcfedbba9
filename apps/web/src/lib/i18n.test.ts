import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadLocale } from './i18n.ts';

describe('i18n', () => {
  afterEach(() => vi.restoreAllMocks());

  it('loads a locale file per language and namespace', async () => {
    const shell = await loadLocale('ja', 'shell');
    expect(shell).toHaveProperty('tabs');
  });

  it('only warns about a missing locale file (ACC-LANG-09)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(loadLocale('xx', 'shell')).resolves.toEqual({});
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('missing locale file xx/shell.json'));
  });

  it('is initialised with every namespace and English fallback', () => {
    expect(i18n.options.ns).toEqual([
      'common',
      'shell',
      'account',
      'validations',
      'admin',
      'data',
      'datasets',
      'analysis',
      'views',
      'map',
      'details',
      'filters',
      'mapui',
      'planner',
      'cof',
      'reports',
      'virtualpipes',
    ]);
    expect(i18n.options.fallbackLng).toEqual(['en']);
    expect(i18n.t('error.notFound', { ns: 'shell' })).toBe('404 Not Found');
  });
});
