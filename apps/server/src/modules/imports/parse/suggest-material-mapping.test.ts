import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { materialCohortOf, suggestMaterialMapping } from './suggest-material-mapping.ts';
import { HAS_DATA, sharedDataPath } from './test-fixtures.ts';

const nameOf = (value: string) => suggestMaterialMapping([value]).mapped.get(value)?.name ?? null;

describe('suggestMaterialMapping', () => {
  it.each([
    ['CI', 'CAST_IRON'],
    ['Cast Iron', 'CAST_IRON'],
    ['鋳鉄', 'CAST_IRON'],
    ['Grauguss', 'CAST_IRON'],
    ['ghisa', 'CAST_IRON'],
    ['fonte', 'CAST_IRON'],
    ['fundición', 'CAST_IRON'],
    ['DI', 'DUCTILE_IRON'],
    ['DIP', 'DUCTILE_IRON'],
    ['Ductile Iron CL52', 'DUCTILE_IRON'],
    ['ダクタイル鋳鉄管', 'DUCTILE_IRON'],
    ['AC', 'ASBESTOS_CEMENT'],
    ['ACP', 'ASBESTOS_CEMENT'],
    ['Asbestos cement', 'ASBESTOS_CEMENT'],
    ['石綿セメント管', 'ASBESTOS_CEMENT'],
    ['PVC', 'PVC'],
    ['塩ビ', 'PVC'],
    ['PE', 'PEHDPE'],
    ['HDPE', 'PEHDPE'],
    ['PEHD', 'PEHDPE'],
    ['ポリエチレン', 'PEHDPE'],
    ['STL', 'STEEL'],
    ['steel', 'STEEL'],
    ['鋼', 'STEEL'],
    ['CONC', 'CONCRETE'],
    ['RCP', 'CONCRETE'],
    ['PCCP', 'PCRC'],
    ['Prestressed concrete', 'PCRC'],
  ])('%s → %s', (raw, expected) => expect(nameOf(raw)).toBe(expected));

  // Issue 40: North American and European spellings and abbreviations, written as utilities write them (mixed case,
  // spaces, dashes, accents, full-width letters).
  it.each([
    // Cast iron
    ['CIP', 'CAST_IRON'],
    ['cast iron', 'CAST_IRON'],
    ['Grey Iron', 'CAST_IRON'],
    ['gray iron', 'CAST_IRON'],
    ['Gusseisen', 'CAST_IRON'],
    ['GRAUGUSS', 'CAST_IRON'],
    ['EN-GJL', 'CAST_IRON'],
    ['Ghisa grigia', 'CAST_IRON'],
    ['Fonte grise', 'CAST_IRON'],
    ['Fundición gris', 'CAST_IRON'],
    ['fundicion  gris', 'CAST_IRON'],
    ['CICL', 'CAST_IRON'],
    ['Cast iron pipe', 'CAST_IRON'],
    // Ductile iron
    ['Ductile', 'DUCTILE_IRON'],
    ['ductile iron', 'DUCTILE_IRON'],
    ['Ductile cast iron', 'DUCTILE_IRON'],
    ['DICL', 'DUCTILE_IRON'],
    ['duktil', 'DUCTILE_IRON'],
    ['Duktiles Gusseisen', 'DUCTILE_IRON'],
    ['Gusseisen duktil', 'DUCTILE_IRON'],
    ['Sphäroguss', 'DUCTILE_IRON'],
    ['SPHÄROGUß', 'DUCTILE_IRON'],
    ['Sphaeroguss', 'DUCTILE_IRON'],
    ['GGG', 'DUCTILE_IRON'],
    ['Ghisa sferoidale', 'DUCTILE_IRON'],
    ['fonte ductile', 'DUCTILE_IRON'],
    ['Fundición dúctil', 'DUCTILE_IRON'],
    ['FUNDICION DUCTIL', 'DUCTILE_IRON'],
    // Asbestos cement
    ['Transite', 'ASBESTOS_CEMENT'],
    ['A.C.', 'ASBESTOS_CEMENT'],
    ['Asbestzement', 'ASBESTOS_CEMENT'],
    ['Eternit', 'ASBESTOS_CEMENT'],
    ['Fibrocemento', 'ASBESTOS_CEMENT'],
    ['Amiante-ciment', 'ASBESTOS_CEMENT'],
    // Steel
    ['ST', 'STEEL'],
    ['Stahl', 'STEEL'],
    ['Acciaio', 'STEEL'],
    ['acier', 'STEEL'],
    ['Acero', 'STEEL'],
    ['GI', 'STEEL'],
    ['Galvanized', 'STEEL'],
    ['Galvanised iron', 'STEEL'],
    ['Stainless steel', 'STEEL'],
    ['Edelstahl', 'STEEL'],
    // Concrete and prestressed concrete
    ['Concrete', 'CONCRETE'],
    ['Beton', 'CONCRETE'],
    ['béton', 'CONCRETE'],
    ['BÉTON ARMÉ', 'CONCRETE'],
    ['Calcestruzzo', 'CONCRETE'],
    ['Hormigón', 'CONCRETE'],
    ['RCCP', 'CONCRETE'],
    ['Spannbeton', 'PCRC'],
    ['Béton précontraint', 'PCRC'],
    ['Hormigón pretensado', 'PCRC'],
    // PVC
    ['uPVC', 'PVC'],
    ['PVC-U', 'PVC'],
    ['PVC-O', 'PVC'],
    ['PVCO', 'PVC'],
    ['C900', 'PVC'],
    ['C-905', 'PVC'],
    ['ＰＶＣ', 'PVC'],
    ['Polyvinyl chloride', 'PVC'],
    ['Polychlorure de vinyle', 'PVC'],
    // PE / HDPE
    ['MDPE', 'PEHDPE'],
    ['PE100', 'PEHDPE'],
    ['HDPE-100', 'PEHDPE'],
    ['Polyethylene', 'PEHDPE'],
    ['Polyethylen', 'PEHDPE'],
    ['Polyéthylène', 'PEHDPE'],
    ['POLYETHYLENE', 'PEHDPE'],
    ['Polietilene', 'PEHDPE'],
    ['Polietileno', 'PEHDPE'],
    ['PEAD', 'PEHDPE'],
    ['PE-HD', 'PEHDPE'],
    // Other and unknown
    ['Copper', 'OTHER'],
    ['Kupfer', 'OTHER'],
    ['Cuivre', 'OTHER'],
    ['Lead', 'OTHER'],
    ['Unknown', 'UNKNOWN'],
    ['UNK', 'UNKNOWN'],
    ['N/A', 'UNKNOWN'],
    ['n.a.', 'UNKNOWN'],
    ['Unbekannt', 'UNKNOWN'],
    ['Inconnu', 'UNKNOWN'],
    // Pipewise's own names and short labels
    ['CAST_IRON', 'CAST_IRON'],
    ['CAS', 'CAST_IRON'],
    ['SP', 'STEEL'],
    ['CON', 'CONCRETE'],
    ['OTH', 'OTHER'],
    ['PEHDPE', 'PEHDPE'],
  ])('spelling %s → %s', (raw, expected) => expect(nameOf(raw)).toBe(expected));

  // A cohort code: a material name, a separator (or a change from letters to digits) and an era or class suffix.
  it.each([
    ['CI-C1', 'CAST_IRON', 'C1'],
    ['CI-C3', 'CAST_IRON', 'C3'],
    ['ci c2', 'CAST_IRON', 'c2'],
    ['DI_C1', 'DUCTILE_IRON', 'C1'],
    ['DI-C3', 'DUCTILE_IRON', 'C3'],
    ['AC-HP', 'ASBESTOS_CEMENT', 'HP'],
    ['AC-LP', 'ASBESTOS_CEMENT', 'LP'],
    ['PVC-LP', 'PVC', 'LP'],
    ['PVC-HP', 'PVC', 'HP'],
    ['STL-1950', 'STEEL', '1950'],
    ['Steel / 1930s', 'STEEL', '1930s'],
    ['PE-80', 'PEHDPE', '80'],
    ['PE-100', 'PEHDPE', '100'],
    ['PE100', 'PEHDPE', '100'],
    ['HDPE-SDR11', 'PEHDPE', 'SDR11'],
    ['CON-RCP', 'CONCRETE', 'RCP'],
    ['Ductile Iron CL52', 'DUCTILE_IRON', 'CL52'],
    ['Cast iron pipe - CL3', 'CAST_IRON', 'CL3'],
    ['EN-GJS-400', 'DUCTILE_IRON', '400'],
    ['GG-25', 'CAST_IRON', '25'],
    ['Acier galvanisé 1960', 'STEEL', '1960'],
    ['UNK-1', 'UNKNOWN', '1'],
  ])('cohort code %s → %s, suffix %s', (raw, expected, cohort) => {
    expect(nameOf(raw)).toBe(expected);
    expect(materialCohortOf(raw)).toBe(cohort);
    expect(suggestMaterialMapping([raw]).mapped.get(raw)?.cohort).toBe(cohort);
  });

  it.each(['CI', 'Cast Iron', 'Cast iron pipe', 'PVC-O', 'C900', 'CICL', 'ダクタイル鋳鉄管', 'XYZ-C3'])(
    '%s is no cohort code',
    (raw) => expect(materialCohortOf(raw)).toBeNull(),
  );

  it('maps the 17 cohort codes of one utility, where it mapped 3 before (issue 40)', () => {
    const codes = [
      ...['CI-C1', 'CI-C2', 'CI-C3', 'DI-C1', 'DI-C2', 'DI-C3', 'AC-HP', 'AC-LP', 'PVC-LP', 'PVC-HP'],
      ...['STL-1950', 'PE-80', 'PE-100', 'HDPE-SDR11', 'CICL', 'DICL', 'CON-RCP'],
    ];
    const result = suggestMaterialMapping(codes);
    expect(result.unmapped).toEqual([]);
    expect(result.mapped.size).toBe(17);
  });

  it('lists unmapped values with their counts, most frequent first', () => {
    const result = suggestMaterialMapping(['PVC', 'ZZZ', 'ZZZ', 'weird', '', null, 'PVC']);
    expect(result.mapped.get('PVC')).toMatchObject({ name: 'PVC', code: 8, count: 2 });
    expect(result.unmapped).toEqual([
      { value: 'ZZZ', count: 2 },
      { value: 'weird', count: 1 },
    ]);
  });

  it.skipIf(!HAS_DATA)('maps the Kitchener materials, leaving only the placeholder XXX', () => {
    const text = readFileSync(
      sharedDataPath('kitchener-watermains-breaks/Water_Mains_export2024.csv'),
      'utf8',
    ).replace(/^\uFEFF/, '');
    const rows = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;
    const result = suggestMaterialMapping(rows.map((r) => r.MATERIAL));
    expect(Object.fromEntries([...result.mapped].map(([k, v]) => [k, v.name]))).toMatchObject({
      PVC: 'PVC',
      DI: 'DUCTILE_IRON',
      CI: 'CAST_IRON',
      PVCO: 'PVC',
      CPP: 'PCRC',
      AC: 'ASBESTOS_CEMENT',
      HDPE: 'PEHDPE',
      ST: 'STEEL',
      COP: 'OTHER',
    });
    expect(result.unmapped).toEqual([{ value: 'XXX', count: 9 }]);
  });
});
