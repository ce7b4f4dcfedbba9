// Every locale has every key (ARCHITECTURE.md): over ALL namespace files found in src/locales, a key
// present in any language must exist in every language, and no namespace file may be missing. Also:
// no non-English file may simply repeat an English sentence, and placeholders must match.
import { LANGUAGES } from '@pipewise/domain';
import { describe, expect, it } from 'vitest';
import { localesByNamespace as byNamespace } from '../test/locale-files.ts';

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('locale files', () => {
  it('exist for the shell namespaces', () => {
    expect([...byNamespace.keys()]).toEqual(expect.arrayContaining(['common', 'shell']));
  });

  describe.each([...byNamespace.keys()])('%s', (ns) => {
    const langs = byNamespace.get(ns)!;
    const allKeys = new Set([...langs.values()].flatMap((flat) => Object.keys(flat)));

    it.each([...LANGUAGES])('%s has the file and every key any language has', (lng) => {
      const flat = langs.get(lng);
      expect(flat, `${lng}/${ns}.json is missing`).toBeDefined();
      const missing = [...allKeys].filter((key) => !(key in flat!));
      expect(missing, `${lng}/${ns}.json misses keys`).toEqual([]);
    });

    it.each(LANGUAGES.filter((l) => l !== 'en'))('%s keeps the English placeholders', (lng) => {
      const en = langs.get('en') ?? {};
      const flat = langs.get(lng) ?? {};
      const wrong = Object.keys(en).filter(
        (key) => key in flat && placeholders(en[key]!).join() !== placeholders(flat[key]!).join(),
      );
      expect(wrong).toEqual([]);
    });
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s translates the shell texts (no English left)', (lng) => {
    for (const ns of ['common', 'shell']) {
      const en = byNamespace.get(ns)?.get('en') ?? {};
      const flat = byNamespace.get(ns)?.get(lng) ?? {};
      // Short product terms (LOF, COF, Asset, Material, Dataset, …) may legitimately match; sentences may not.
      const untranslated = Object.keys(en).filter((k) => en[k]!.split(' ').length > 3 && flat[k] === en[k]);
      expect(untranslated, `${lng}/${ns}.json`).toEqual([]);
    }
  });
});
