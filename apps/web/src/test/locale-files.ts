// The locale files as the tests read them: every namespace of every language, flattened to dotted keys.
type Tree = { [key: string]: string | Tree };
const files = import.meta.glob<Tree>('../locales/*/*.json', { eager: true, import: 'default' });

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else Object.assign(out, flatten(value, path));
  }
  return out;
}

/** Namespace → language → key → text. */
export const localesByNamespace = new Map<string, Map<string, Record<string, string>>>();
for (const [path, tree] of Object.entries(files)) {
  const [lng, file] = path.split('/').slice(-2);
  const ns = file!.replace(/\.json$/, '');
  if (!localesByNamespace.has(ns)) localesByNamespace.set(ns, new Map());
  localesByNamespace.get(ns)!.set(lng!, flatten(tree));
}

/** Every text of one language, keyed `namespace.key`. */
export function localeStrings(lng: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const [ns, langs] of localesByNamespace) {
    for (const [key, text] of Object.entries(langs.get(lng) ?? {})) out.set(`${ns}.${key}`, text);
  }
  return out;
}
