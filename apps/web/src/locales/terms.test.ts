// One name per term: a utility reads 'likelihood of failure' on the map, the model card and the planner, and must
// not wonder whether 故障確率 and 破損確率 (or 'falla' and 'fallo') are two different figures. The places that name
// a term on their own are found from the English files, so a new label joins the check by itself.
import { LANGUAGES, riskDriverName, type Language } from '@pipewise/domain';
import { MATERIAL_OPTIONS } from '../lib/materials.ts';
import { describe, expect, it } from 'vitest';
import { localeStrings } from '../test/locale-files.ts';

/** The bare name: without an '(LOF)' suffix (either width of bracket) and with its first letter in lower case. */
function bare(label: string): string {
  const name = label.replace(/\s*[(（](LOF|COF)[)）]$/, '').trim();
  return name.charAt(0).toLocaleLowerCase() + name.slice(1);
}

const english = localeStrings('en');

/**
 * Words a utility reads as one thing wherever they appear: the measures, and the attributes, layers and cost rows
 * named on the map, in the details, reports, COF rules and exports. ('Breaks' and 'Pipes' are not here: Japanese
 * rightly names a count of breaks 破損件数 and the layer of them 破損履歴, where English says 'Breaks' for both.)
 */
const GLOSSARY = [
  'likelihood of failure',
  'consequence of failure',
  'install year',
  'diameter',
  'material',
  'break count',
  'expected breaks',
  'valves',
  'reservoirs',
  'drains',
  'district',
  'districts',
  'custom zone',
  'valve isolation segments',
  'imputed',
  'population change',
  'material status',
  'critical facilities',
  'customers without water',
  'traffic disruption',
  'virtual pipes',
  'population',
  'length',
  'total risk',
];

describe.each(GLOSSARY)("'%s' has one name in each language", (englishName) => {
  const keys = [...english].filter(([, text]) => bare(text) === englishName).map(([key]) => key);

  it('is named in more than one place', () => {
    expect(keys.length).toBeGreaterThanOrEqual(2);
  });

  it.each([...LANGUAGES])('%s', (lng) => {
    const texts = localeStrings(lng);
    const names = new Set(keys.map((key) => bare(texts.get(key) ?? `missing ${key}`)));
    expect([...names], keys.join(', ')).toHaveLength(1);
  });
});

// A risk driver reads in the same words: 'Material: cast iron' in the details, 'Cast iron' on the legend.
describe.each([...LANGUAGES])('the risk drivers in %s', (lng) => {
  const texts = localeStrings(lng);
  const legend = (short: string) =>
    bare(texts.get(`views.tiers.material.${short}`)!.replace(/\s*\(PCRC\)$|^PCRC（(.*)）$/, '$1'));

  it('name each material as the legend does', () => {
    for (const { code, short } of MATERIAL_OPTIONS.filter((o) => o.short !== 'UNK' && o.short !== 'OTH')) {
      const driver = riskDriverName(code + 2, lng as Language)!;
      expect(bare(driver.split(/\s*[:：]\s*/)[1]!), driver).toBe(legend(short));
    }
  });

  it('name diameter and install year as the attributes do', () => {
    expect(riskDriverName(13, lng as Language)).toBe(texts.get('details.summary.diameter'));
    expect(riskDriverName(19, lng as Language)?.startsWith(texts.get('details.summary.installYear')!)).toBe(
      true,
    );
  });
});
