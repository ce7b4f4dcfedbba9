// The import refuses or flags data a utility could not defend (issue 15): pipes without geometry block the import
// unless the user imports them as attributes only (a mains inventory without geometry among them), and
// diameters and stated lengths that fit no water main in the chosen unit are flagged with the other unit's reading.
import { expect, it } from 'vitest';
import { ADMIN, forEachBackend } from './helpers/harness.ts';
import { commitAndRun, uploadOk, validate, type Options } from './fixtures/imports-api.ts';

/** Mains near Louisville; `drawn(i)` says whether row i (1-based) has geometry. */
function mainsCsv(diameters: number[], drawn: (i: number) => boolean = () => true): Uint8Array {
  const lines = ['ID;DIA;WKT'];
  diameters.forEach((d, k) => {
    const x = -85.7 + k * 0.001;
    lines.push(`M${k + 1};${d};${drawn(k + 1) ? `LINESTRING(${x} 38.2, ${x + 0.0009} 38.2)` : ''}`);
  });
  return new TextEncoder().encode(lines.join('\n') + '\n');
}

const pipes = (answers: Options['answers'] = {}): Options => ({
  layer: 'mains',
  type: 'assets',
  asset_layer: 'pipes',
  mapping: { nativeId: 'ID', diameter: 'DIA' },
  answers,
  target: { new_group_name: 'Plausible mains' },
});

forEachBackend('imports: plausibility', (h) => {
  it('blocks pipes without geometry until they are imported as attributes only', async () => {
    const token = await h.token(ADMIN);
    const up = await uploadOk(
      h,
      token,
      'mains.csv',
      mainsCsv([150, 150, 200, 200, 300], (i) => i !== 2 && i !== 4),
    );
    const blocked = await validate(h, token, up.id, pipes());
    expect(blocked).toMatchObject({
      rows: 5,
      imported: 5,
      can_import: false,
      blocking: ['geometryless-pipes'],
    });
    expect(blocked.problems['missing-geometry']).toMatchObject({ count: 2 });
    expect(blocked.problems['missing-geometry']!.examples.map((e) => e.row)).toEqual([2, 4]);
    const commit = await h.request({
      method: 'POST',
      url: `/api/imports/uploads/${up.id}/commit`,
      token,
      body: pipes(),
    });
    expect(commit.statusCode).toBe(409);

    const chosen = pipes({ geometryless_pipes: 'attributes-only' });
    expect(await validate(h, token, up.id, chosen)).toMatchObject({ can_import: true, blocking: [] });
    const { item } = await commitAndRun(h, token, up.id, chosen);
    expect(item).toMatchObject({ status: 'succeeded', imported: 5 });
  });

  it('names a pipes layer with no geometry at all, and imports it only as attributes', async () => {
    const token = await h.token(ADMIN);
    const up = await uploadOk(
      h,
      token,
      'inventory.csv',
      mainsCsv([150, 200, 300], () => false),
    );
    expect(await validate(h, token, up.id, pipes())).toMatchObject({
      can_import: false,
      blocking: ['no-pipe-geometry'],
    });
    expect(await validate(h, token, up.id, pipes({ geometryless_pipes: 'attributes-only' }))).toMatchObject({
      can_import: true,
      imported: 3,
    });
  });

  it('flags inch diameters read as millimetres, with their reading in inches, and warns of the unit', async () => {
    const token = await h.token(ADMIN);
    const up = await uploadOk(h, token, 'us.csv', mainsCsv([4, 6, 8, 12, 16, 150]));
    const asMm = await validate(h, token, up.id, pipes({ diameter_unit: 'mm' }));
    expect(asMm.can_import).toBe(true);
    expect(asMm.warnings).toContain('diameter-unit-suspect');
    const implausible = asMm.problems['diameter-implausible']!;
    expect(implausible.count).toBe(5);
    expect(implausible.examples[0]).toMatchObject({
      row: 1,
      field: 'DIA',
      value: '4',
      message: '4 mm is smaller than a water main; as inches 4 in = 102 mm',
    });
    const asInches = await validate(h, token, up.id, pipes({ diameter_unit: 'in' }));
    // 150 in (3,810 mm) is no water main either: the one row that fits millimetres is flagged the other way.
    expect(asInches.problems['diameter-implausible']).toMatchObject({ count: 1 });
    expect(asInches.problems['diameter-implausible']!.examples[0]!.message).toBe(
      '3810 mm is larger than a water main; as millimetres it would be 150 mm',
    );
    expect(asInches.warnings).not.toContain('diameter-unit-suspect');
  });

  it('flags stated lengths that fit the drawn lines only in another unit, and lengths no pipe has', async () => {
    const token = await h.token(ADMIN);
    // Each line is 0.0009° of longitude at 38.2° N: 78.7 m, or 258 ft.
    const rows = ['ID;LEN;WKT'];
    ['258', '258', '258', '0', '2000'].forEach((len, k) => {
      const x = -85.7 + k * 0.001;
      rows.push(`M${k + 1};${len};LINESTRING(${x} 38.2, ${x + 0.0009} 38.2)`);
    });
    const up = await uploadOk(h, token, 'lengths.csv', new TextEncoder().encode(rows.join('\n') + '\n'));
    const withLength = (length_unit: 'm' | 'ft'): Options => ({
      ...pipes({ length_unit }),
      mapping: { nativeId: 'ID', length: 'LEN' },
    });
    const asMetres = await validate(h, token, up.id, withLength('m'));
    expect(asMetres.can_import).toBe(true);
    expect(asMetres.problems['length-implausible']).toMatchObject({ count: 3 });
    expect(asMetres.problems['length-implausible']!.examples[0]).toMatchObject({
      row: 1,
      field: 'LEN',
      message: '258 m = 258 m but the line drawn is 79 m; as ft it fits',
    });
    expect(asMetres.warnings).toContain('length-unit-suspect');
    expect(asMetres.problems['length-out-of-range']).toMatchObject({ count: 1, examples: [{ row: 4 }] });
    expect(asMetres.problems['length-mismatch']).toMatchObject({ count: 1, examples: [{ row: 5 }] });

    const asFeet = await validate(h, token, up.id, withLength('ft'));
    expect(asFeet.problems['length-implausible']).toBeUndefined();
    expect(asFeet.warnings).not.toContain('length-unit-suspect');
    expect(asFeet.problems['length-mismatch']).toMatchObject({ count: 1, examples: [{ row: 5 }] });
  });
});
