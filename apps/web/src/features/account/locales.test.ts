// Every language has every account and validation text (ARCHITECTURE: "every locale file has
// every key"), validations.json holds exactly the rule set of spec §5, and a translation uses
// the same {{placeholders}} as the English text (a renamed one would print raw braces).
import { LANGUAGES, RULE_NAMES } from '@pipewise/domain';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };
const files = import.meta.glob<Tree>('../../locales/*/{account,validations}.json', {
  eager: true,
  import: 'default',
});

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.entries(tree).reduce<Record<string, string>>((out, [key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? { ...out, [path]: value } : { ...out, ...flatten(value, path) };
  }, {});
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe.each(['account', 'validations'])('%s.json', (ns) => {
  const load = (lng: string) => {
    const tree = files[`../../locales/${lng}/${ns}.json`];
    if (!tree) throw new Error(`missing ${lng}/${ns}.json`);
    return flatten(tree);
  };
  const en = load('en');

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s has the same keys and placeholders as en', (lng) => {
    const other = load(lng);
    expect(Object.keys(other).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of Object.entries(en)) {
      expect({ key, vars: placeholders(other[key] ?? '') }).toEqual({ key, vars: placeholders(text) });
      expect(other[key]?.trim(), `${lng}:${key}`).not.toBe('');
    }
  });

  if (ns === 'validations') {
    it('has exactly the 29 rules', () => {
      expect(Object.keys(en).sort()).toEqual([...RULE_NAMES].sort());
    });
  }
});
