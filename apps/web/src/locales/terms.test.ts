// One name per measure: a utility reads 'likelihood of failure' on the map, the model card and the planner, and must
// not wonder whether 故障確率 and 破損確率 (or 'falla' and 'fallo') are two different figures. The places that name
// LOF or COF on their own are found from the English files, so a new label joins the check by itself.
import { LANGUAGES } from '@pipewise/domain';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };
const files = import.meta.glob<Tree>('./*/*.json', { eager: true, import: 'default' });

function flatten(tree: Tree, prefix: string, out: Map<string, string>) {
  for (const [key, value] of Object.entries(tree)) {
    const path = `${prefix}.${key}`;
    if (typeof value === 'string') out.set(path, value);
    else flatten(value, path, out);
  }
}

function strings(lng: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const [path, tree] of Object.entries(files)) {
    const [, fileLng, file] = path.split('/');
    if (fileLng === lng) flatten(tree, file!.replace(/\.json$/, ''), out);
  }
  return out;
}

/** The bare name: without an '(LOF)' suffix (either width of bracket) and with its first letter in lower case. */
function bare(label: string): string {
  const name = label.replace(/\s*[(（](LOF|COF)[)）]$/, '').trim();
  return name.charAt(0).toLocaleLowerCase() + name.slice(1);
}

const english = strings('en');
const MEASURES = { lof: 'likelihood of failure', cof: 'consequence of failure' } as const;

describe.each(Object.entries(MEASURES))('%s has one name in each language', (_measure, englishName) => {
  const keys = [...english].filter(([, text]) => bare(text) === englishName).map(([key]) => key);

  it('is labelled on its own in several places', () => {
    expect(keys.length).toBeGreaterThanOrEqual(4);
  });

  it.each([...LANGUAGES])('%s', (lng) => {
    const texts = strings(lng);
    const names = new Set(keys.map((key) => bare(texts.get(key) ?? `missing ${key}`)));
    expect([...names], keys.join(', ')).toHaveLength(1);
  });
});
