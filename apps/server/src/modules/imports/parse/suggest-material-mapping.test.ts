import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { suggestMaterialMapping } from './suggest-material-mapping.ts';
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
