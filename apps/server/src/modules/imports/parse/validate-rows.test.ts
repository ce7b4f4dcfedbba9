import { describe, expect, it } from 'vitest';
import { MATERIAL } from '@pipewise/domain';
import { readFeatures } from './layers.ts';
import { collect, textFile } from './test-fixtures.ts';
import type { ImportAnswers } from './validate-rows.ts';
import { validateRows } from './validate-rows.ts';

const ANSWERS: ImportAnswers = { lengthUnit: 'ft', diameterUnit: 'in', dateFormat: 'mdy', currentYear: 2026 };
const MAPPING = {
  nativeId: 'ID',
  diameter: 'DIA',
  installYear: 'YEAR',
  material: 'MAT',
  length: 'LEN',
} as const;

const CSV = `ID;DIA;YEAR;MAT;LEN;WKT
P1;6;1975;CI;100;LINESTRING(-85.5 38, -85.501 38)
P2;six;1980;DIP;50;LINESTRING(-85.5 38, -85.502 38)
P1;8;1990;PVC;10;LINESTRING(-85.5 38, -85.503 38)
P4;8;1701;ZZZ;10;LINESTRING(-85.5 38, -85.5 38)
P5;300;2001;PE;10;POINT(-85.5 38)
P6;8;2002;PE;10;LINESTRING(oops)
`;

describe('validateRows', () => {
  it('converts units and reports each problem with row, field and value', async () => {
    const rows = await collect(readFeatures(textFile('mains.csv', CSV)));
    const { records, report } = validateRows('pipes', MAPPING, ANSWERS, rows);
    expect(records[0]).toMatchObject({
      nativeId: 'P1',
      diameterMm: expect.closeTo(152.4, 6),
      installYear: 1975,
      material: MATERIAL.CAST_IRON,
      lengthM: 30.48,
    });
    expect(report.problems['text-in-number']).toEqual({
      count: 1,
      examples: [{ row: 2, field: 'DIA', value: 'six', message: "'six' is not a number" }],
    });
    expect(report.problems['duplicate-native-id']).toMatchObject({
      count: 1,
      examples: [{ row: 3, field: 'ID', value: 'P1' }],
    });
    expect(report.problems['year-out-of-range']).toMatchObject({
      count: 1,
      examples: [{ row: 4, field: 'YEAR', value: '1701' }],
    });
    // A line whose vertices are one point is a link of no length, kept (issue 16); the network check lists it.
    expect((report.problems as Record<string, unknown>)['zero-length-pipe']).toBeUndefined();
    expect(report.problems['unmapped-material']).toMatchObject({
      count: 1,
      examples: [{ row: 4, value: 'ZZZ' }],
    });
    expect(report.problems['diameter-out-of-range']).toMatchObject({
      count: 1,
      examples: [{ row: 5, field: 'DIA' }],
    });
    expect(report.problems['wrong-geometry-type']).toMatchObject({
      count: 1,
      examples: [{ row: 5, value: 'Point' }],
    });
    expect(report.problems['unparseable-geometry']).toMatchObject({
      count: 1,
      examples: [{ row: 6, field: 'geometry' }],
    });
    expect(report).toMatchObject({ rows: 6, imported: 3, skipped: 3 });
  });

  it('keeps links of no length: stated 0 where no longer line is drawn, or drawn as one point (issue 16)', () => {
    const line = (a: number, b: number) => ({
      type: 'LineString' as const,
      coordinates: [
        [a, 0],
        [b, 0],
      ],
    });
    const rows = [
      { row: 1, geometry: line(0, 0.000004), properties: { ID: 'PUMP-1', LEN: 0 } },
      { row: 2, geometry: line(0, 0), properties: { ID: 'PRV-1', LEN: '' } },
      { row: 3, geometry: null, properties: { ID: 'PUMP-2', LEN: '0' } },
      // A 0 stated for a line drawn 111 m long says nothing: the drawn length is used, as for a negative one.
      { row: 4, geometry: line(0, 0.001), properties: { ID: 'P-4', LEN: 0 } },
      { row: 5, geometry: line(0, 0.001), properties: { ID: 'P-5', LEN: -2 } },
    ];
    const answers = { ...ANSWERS, lengthUnit: 'm' } as const;
    const { records, report } = validateRows('pipes', { nativeId: 'ID', length: 'LEN' }, answers, rows);
    expect(records.map((r) => [r.nativeId, r.lengthM])).toEqual([
      ['PUMP-1', 0],
      ['PRV-1', 0],
      ['PUMP-2', 0],
      ['P-4', expect.closeTo(111.2, 0)],
      ['P-5', expect.closeTo(111.2, 0)],
    ]);
    expect(report.problems['length-out-of-range']).toMatchObject({
      count: 2,
      examples: [{ row: 4 }, { row: 5 }],
    });
    expect(Object.keys(report.problems).sort()).toEqual(['length-out-of-range', 'missing-geometry']);
  });

  it('keeps a pump drawn as a point as a link of no length when node ids say what it joins', () => {
    const rows = [
      {
        row: 1,
        geometry: { type: 'Point' as const, coordinates: [1, 2] },
        properties: { ID: 'PUMP', A: 'I', B: 'O' },
      },
    ];
    const byIds = validateRows('pipes', { nativeId: 'ID', fromNode: 'A', toNode: 'B' }, ANSWERS, rows);
    expect(byIds.records).toMatchObject([
      {
        nativeId: 'PUMP',
        lengthM: 0,
        geometry: {
          type: 'LineString',
          coordinates: [
            [1, 2],
            [1, 2],
          ],
        },
      },
    ]);
    // Without node ids a point joins nothing: the row is refused as before.
    expect(validateRows('pipes', { nativeId: 'ID' }, ANSWERS, rows).report).toMatchObject({
      imported: 0,
      problems: { 'wrong-geometry-type': { count: 1 } },
    });
  });

  it('lists pipes without a node id once the node columns are mapped, and keeps them', () => {
    const g = {
      type: 'LineString' as const,
      coordinates: [
        [0, 0],
        [0, 0.001],
      ],
    };
    const rows = [
      { row: 1, geometry: g, properties: { ID: 'P1', A: 'J1', B: 'J2' } },
      { row: 2, geometry: g, properties: { ID: 'P2', A: 'J2', B: ' ' } },
    ];
    const { records, report } = validateRows(
      'pipes',
      { nativeId: 'ID', fromNode: 'A', toNode: 'B' },
      ANSWERS,
      rows,
    );
    expect(records.map((r) => [r.text['fromNode'], r.text['toNode']])).toEqual([
      ['J1', 'J2'],
      ['J2', ''],
    ]);
    expect(report.problems['missing-node-id']).toMatchObject({
      count: 1,
      examples: [{ row: 2, field: 'B' }],
    });
  });

  it('keeps only the first 10 examples of a problem but counts them all', () => {
    const rows = Array.from({ length: 25 }, (_, i) => ({
      row: i + 1,
      geometry: null,
      properties: { ID: 'same' },
    }));
    const { report } = validateRows('assets', { nativeId: 'ID' }, ANSWERS, rows);
    expect(report.problems['duplicate-native-id']!.count).toBe(24);
    expect(report.problems['duplicate-native-id']!.examples).toHaveLength(10);
  });

  it('reads break dates in US, ISO, year-only (1 January) and 和暦 forms; drops a break without a date', () => {
    const dates = ['1/5/2009 0:00:00', '2017-12-01', '20170102', '平成12年4月1日', 'S45', '13/31/2001'];
    const rows = dates.map((d, i) => ({
      row: i + 1,
      geometry: { type: 'Point' as const, coordinates: [0, 0] },
      properties: { D: d },
    }));
    const { records, report } = validateRows('breaks', { date: 'D' }, ANSWERS, rows);
    expect(records.map((r) => r.date)).toEqual([
      '2009-01-05',
      '2017-12-01',
      '2017-01-02',
      '2000-04-01',
      '1970-01-01',
    ]);
    expect(report.problems['unparseable-date']).toMatchObject({ count: 1, examples: [{ row: 6 }] });
    expect(report).toMatchObject({ rows: 6, imported: 5, skipped: 1 });
  });

  it('drops valves and point assets without geometry, and readings without a value', () => {
    const rows = [
      { row: 1, geometry: null, properties: { ID: 'V1', P: '' } },
      { row: 2, geometry: { type: 'Point' as const, coordinates: [0, 0] }, properties: { ID: 'V2', P: '' } },
    ];
    const valves = validateRows('valves', { nativeId: 'ID' }, ANSWERS, rows);
    expect(valves.report).toMatchObject({ imported: 1, problems: { 'missing-geometry': { count: 1 } } });
    const readings = validateRows('pressures', { nativeId: 'ID', value: 'P' }, ANSWERS, rows);
    expect(readings.report).toMatchObject({ imported: 0, problems: { 'missing-value': { count: 2 } } });
  });

  it('drops a line of more than 10,000 vertices and an area of more than 100,000, naming the count', () => {
    const line = (n: number) => Array.from({ length: n }, (_, i) => [-85.7 + i * 1e-6, 38.2]);
    const ring = (n: number) => [...line(n - 1), line(1)[0]!];
    const rows = [
      {
        row: 1,
        geometry: { type: 'LineString' as const, coordinates: line(10_000) },
        properties: { ID: 'P1' },
      },
      {
        row: 2,
        geometry: { type: 'LineString' as const, coordinates: line(10_001) },
        properties: { ID: 'P2' },
      },
      {
        row: 3,
        geometry: { type: 'MultiLineString' as const, coordinates: [line(6000), line(6000)] },
        properties: { ID: 'P3' },
      },
    ];
    const pipes = validateRows('pipes', { nativeId: 'ID' }, ANSWERS, rows);
    expect(pipes.records.map((r) => r.nativeId)).toEqual(['P1']);
    expect(pipes.report.problems['too-many-vertices']).toMatchObject({
      count: 2,
      examples: [
        {
          row: 2,
          field: 'geometry',
          message: '10,001 vertices; at most 10,000 a feature: simplify it in your GIS',
        },
        { row: 3, value: '12,000' },
      ],
    });
    const areas = [
      {
        row: 1,
        geometry: { type: 'Polygon' as const, coordinates: [ring(50_000)] },
        properties: { ID: 'A1' },
      },
      {
        row: 2,
        geometry: { type: 'Polygon' as const, coordinates: [ring(100_001)] },
        properties: { ID: 'A2' },
      },
    ];
    const regions = validateRows('population', { nativeId: 'ID' }, ANSWERS, areas);
    expect(regions.records.map((r) => r.nativeId)).toEqual(['A1']);
    expect(regions.report.problems['too-many-vertices']).toMatchObject({ count: 1, examples: [{ row: 2 }] });
  });
});
