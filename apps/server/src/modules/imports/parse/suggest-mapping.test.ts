import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { ASSET_LAYER } from '@pipewise/domain';
import { importKindOf } from '../import-options.ts';
import { SYNONYMS } from './column-synonyms.ts';
import { suggestMapping } from './suggest-mapping.ts';
import { HAS_DATA, sharedDataPath } from './test-fixtures.ts';

const asRecord = (list: ReturnType<typeof suggestMapping>) =>
  Object.fromEntries(list.map((s) => [s.field, s.column]));

function csvSample(relative: string) {
  const parsed = Papa.parse<Record<string, string>>(
    readFileSync(sharedDataPath(relative), 'utf8').replace(/^\uFEFF/, ''),
    { header: true, preview: 50 },
  );
  return { columns: parsed.meta.fields ?? [], rows: parsed.data };
}

describe('suggestMapping', () => {
  it('matches common names in the six languages', () => {
    const columns = ['管路番号', '口径', '布設年度', '材質', 'Baujahr', 'Werkstoff'];
    expect(asRecord(suggestMapping('pipes', columns, []))).toMatchObject({
      nativeId: '管路番号',
      diameter: '口径',
      installYear: '布設年度',
      material: '材質',
    });
    expect(asRecord(suggestMapping('pipes', ['Durchmesser', 'Baujahr', 'Werkstoff'], []))).toEqual({
      diameter: 'Durchmesser',
      installYear: 'Baujahr',
      material: 'Werkstoff',
    });
    expect(asRecord(suggestMapping('pipes', ['diametro', 'anno_posa', 'materiale'], []))).toEqual({
      diameter: 'diametro',
      installYear: 'anno_posa',
      material: 'materiale',
    });
    expect(asRecord(suggestMapping('pipes', ['Diamètre', 'Année_pose', 'Matériau'], []))).toEqual({
      diameter: 'Diamètre',
      installYear: 'Année_pose',
      material: 'Matériau',
    });
    expect(asRecord(suggestMapping('pipes', ['Diámetro', 'Año_Instalación', 'Material'], []))).toEqual({
      diameter: 'Diámetro',
      installYear: 'Año_Instalación',
      material: 'Material',
    });
  });

  it('matches the abbreviations GIS exports use (issue 15: INSTALL_YR was not suggested)', () => {
    const cases: [string[], Record<string, string>][] = [
      [
        ['FACILITYID', 'INSTALL_YR', 'DIA', 'MATL'],
        { nativeId: 'FACILITYID', installYear: 'INSTALL_YR', diameter: 'DIA', material: 'MATL' },
      ],
      [['ASSET_ID', 'YR_INST', 'DIAM_IN', 'PIPE_MATL'], { installYear: 'YR_INST', diameter: 'DIAM_IN' }],
      [
        ['INST_YEAR', 'NOM_DIA', 'MAT_TYPE'],
        { installYear: 'INST_YEAR', diameter: 'NOM_DIA', material: 'MAT_TYPE' },
      ],
      [
        ['YEAR_INST', 'INSTDATE', 'PIPE_DIAM'],
        { installYear: 'YEAR_INST', installDate: 'INSTDATE', diameter: 'PIPE_DIAM' },
      ],
    ];
    for (const [columns, expected] of cases)
      expect(asRecord(suggestMapping('pipes', columns, [])), columns.join()).toMatchObject(expected);
  });

  it("maps Pipewise's own export columns", () => {
    const columns = [
      'native_pipe_id',
      'diameter_mm',
      'install_year',
      'material_type_code',
      'length_m',
      'address',
    ];
    expect(asRecord(suggestMapping('pipes', columns, []))).toEqual({
      nativeId: 'native_pipe_id',
      diameter: 'diameter_mm',
      installYear: 'install_year',
      material: 'material_type_code',
      length: 'length_m',
      address: 'address',
    });
  });

  it('lowers confidence when the values do not look like the field', () => {
    const [good] = suggestMapping('pipes', ['YEAR'], [{ YEAR: '1975' }, { YEAR: '1980' }]);
    const [bad] = suggestMapping('pipes', ['YEAR'], [{ YEAR: 'north' }, { YEAR: 'south' }]);
    expect(good!.confidence).toBeGreaterThan(0.9);
    expect(bad?.confidence ?? 0).toBeLessThan(0.5);
  });

  it.skipIf(!HAS_DATA)('picks the right Kitchener mains and Seattle breaks columns', () => {
    const mains = csvSample('kitchener-watermains-breaks/Water_Mains_export2024.csv');
    expect(asRecord(suggestMapping('pipes', mains.columns, mains.rows))).toMatchObject({
      nativeId: 'WATMAINID',
      diameter: 'PIPE_SIZE',
      installDate: 'INSTALLATION_DATE',
      material: 'MATERIAL',
      length: 'Shape__Length',
      pressureZone: 'PRESSURE_ZONE',
      abandoned: 'STATUS',
    });
    const seattle = csvSample('seattle-watermain-breaks/BreaksNearPipes.csv');
    expect(asRecord(suggestMapping('breaks', seattle.columns, seattle.rows))).toMatchObject({
      nativePipeId: 'ASSETNUM',
      date: 'DATE',
      x: 'Long',
      y: 'Lat',
      diameter: 'Size',
    });
    const breaks = csvSample('kitchener-watermains-breaks/Water_Main_Breaks_export2024.csv');
    expect(asRecord(suggestMapping('breaks', breaks.columns, breaks.rows))).toMatchObject({
      nativePipeId: 'Related Asset ID',
      date: 'Incident date',
      x: 'x',
      y: 'y',
      diameter: 'Asset Size (cm)',
      material: 'Asset Material',
      installYear: 'Year Asset Installed',
    });
    // Kitchener's other breaks export, with its own column names.
    const lonlat = csvSample('kitchener-watermains-breaks/Water_Main_Breaks_export2023_lonlat.csv');
    expect(asRecord(suggestMapping('breaks', lonlat.columns, lonlat.rows))).toMatchObject({
      nativePipeId: 'ASSETID',
      date: 'INCIDENT_DATE',
      x: 'X',
      y: 'Y',
      diameter: 'ASSET_SIZE',
      material: 'ASSET_MATERIAL',
      installYear: 'ASSET_YEAR_INSTALLED',
    });
  });

  it.skipIf(!HAS_DATA)("picks WNTR's KY4 pipe columns", () => {
    const ky4 = JSON.parse(readFileSync(sharedDataPath('wntr-ky4-gis/ky4_pipes.geojson'), 'utf8')) as {
      features: { properties: Record<string, unknown> }[];
    };
    const rows = ky4.features.slice(0, 50).map((f) => f.properties);
    expect(asRecord(suggestMapping('pipes', Object.keys(rows[0]!), rows))).toMatchObject({
      nativeId: 'name',
      diameter: 'diameter',
      length: 'length',
    });
  });

  // Issue 16: `nativepipeid` was a synonym of every layer's id, so a valves file's `native_pipe_id` became the
  // valves' id (154 skipped as duplicates, the rest linked by position).
  const OWN_ID = {
    pipes: 'pipe_id',
    valves: 'valve_id',
    hydrants: 'hydrant_id',
    reservoirs: 'reservoir_id',
    purification_plants: 'plant_id',
    drains: 'drain_id',
    critical_facilities: 'facility_id',
    supply_areas: 'supply_area_id',
    districts: 'district_id',
    mesh: 'mesh_id',
    custom_zones: 'zone_id',
    population: 'region_id',
  } as const satisfies Record<(typeof ASSET_LAYER)[number], string>;

  it.each(ASSET_LAYER.filter((l) => l !== 'pipes'))(
    "%s: the layer's own id column wins over the pipe link columns, in either order",
    (layer) => {
      const kind = importKindOf('assets', layer);
      for (const columns of [
        ['native_pipe_id', 'pipe_id', OWN_ID[layer], 'id'],
        [OWN_ID[layer], 'PIPE_ID', 'NATIVE_PIPE_ID'],
      ]) {
        const found = asRecord(suggestMapping(kind, columns, [], layer));
        expect(found['nativeId'], columns.join()).toBe(columns.find((c) => c === OWN_ID[layer]));
      }
      // Without an own id column, a pipe link is still never the layer's id.
      expect(
        asRecord(suggestMapping(kind, ['native_pipe_id', 'pipe_id'], [], layer))['nativeId'],
      ).toBeUndefined();
    },
  );

  it('pipes: the pipe id wins over a valve id column, and the node columns are never the id', () => {
    const found = asRecord(
      suggestMapping('pipes', ['valve_id', 'start_node', 'native_pipe_id', 'end_node'], []),
    );
    expect(found).toMatchObject({ nativeId: 'native_pipe_id', fromNode: 'start_node', toNode: 'end_node' });
  });

  it("maps the issue's valves file: its id, the pipe it sits on and the node it closes", () => {
    const columns = ['native_pipe_id', 'node', 'valve_id', 'diameter'];
    const rows = [{ native_pipe_id: 'P-1', node: 'J-1', valve_id: 'V1', diameter: 150 }];
    expect(asRecord(suggestMapping('valves', columns, rows))).toEqual({
      nativeId: 'valve_id',
      nativePipeId: 'native_pipe_id',
      node: 'node',
      diameter: 'diameter',
    });
  });

  it.each([
    ['start_node', 'end_node'],
    ['from_node', 'to_node'],
    ['FROM_NODE_ID', 'TO_NODE_ID'],
    ['node1', 'node2'],
    ['us_node_id', 'ds_node_id'],
    ['start_node_name', 'end_node_name'],
    ['Upstream Node', 'Downstream Node'],
    ['始点ノード', '終点ノード'],
    ['VonKnoten', 'NachKnoten'],
  ])('suggests the node id columns %s / %s', (from, to) => {
    const found = asRecord(suggestMapping('pipes', ['name', to, from, 'diameter', 'length'], []));
    expect(found).toMatchObject({ nativeId: 'name', fromNode: from, toNode: to });
  });

  it('never maps one column to two fields, whatever the columns', () => {
    const names = [...new Set(Object.values(SYNONYMS).flat())];
    const kinds = ['pipes', 'valves', 'assets', 'facilities', 'population', 'breaks', 'pressures'] as const;
    fc.assert(
      fc.property(
        fc.constantFrom(...kinds),
        fc.uniqueArray(fc.constantFrom(...names, 'native_pipe_id', 'valve_id', 'node_1'), { maxLength: 12 }),
        (kind, columns) => {
          const used = suggestMapping(kind, columns, []).map((s) => s.column);
          expect(new Set(used).size).toBe(used.length);
        },
      ),
    );
  });
});
