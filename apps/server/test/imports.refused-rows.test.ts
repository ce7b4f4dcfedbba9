// Issue 18: a row the database refuses fails the import with the row, the file's column and the value in words
// (it showed Drizzle's SQL with the batch's parameters cut off before the cause). The database is made stricter
// here than the schema (a shorter text column, a required one) so that a row passes validation and is refused only
// when written, in the second batch of 2,000, as a real refusal would be.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { layerRowCounts } from '../src/modules/imports/imports.repository.ts';
import { commitAndRun, uploadOk, validate } from './fixtures/imports-api.ts';
import { ADMIN, forEachBackend } from './helpers/harness.ts';

/** Pipes as a CSV; `edit` changes the cells of one 1-based row. */
function pipesCsv(n: number, edit: (row: number) => { road?: string; address?: string } = () => ({})) {
  const lines = ['ID,WKT,ROAD,ADDR'];
  for (let row = 1; row <= n; row++) {
    const x = -85.7 + (row % 50) * 0.001;
    const y = 38.2 + Math.floor(row / 50) * 0.001;
    const cells = { road: 'Main', address: `${row} Elm St`, ...edit(row) };
    lines.push(`P${row},"LINESTRING(${x} ${y}, ${x + 0.001} ${y})",${cells.road},${cells.address}`);
  }
  return new TextEncoder().encode(`${lines.join('\n')}\n`);
}

const options = {
  layer: 'pipes',
  type: 'assets',
  asset_layer: 'pipes',
  mapping: { nativeId: 'ID', roadType: 'ROAD', address: 'ADDR' },
  target: { new_group_name: 'Refused' },
} as const;

forEachBackend('imports: rows the database refuses', (h) => {
  it('names the row, the column and the value too long to store, and writes nothing', async () => {
    await h.database.db.execute(sql`ALTER TABLE pipes ALTER COLUMN road_type TYPE varchar(12)`);
    try {
      const token = await h.token(ADMIN);
      const csv = pipesCsv(2500, (row) => (row === 2300 ? { road: 'Motorway service road' } : {}));
      const up = await uploadOk(h, token, 'pipes.csv', csv);
      const before = await layerRowCounts(h.database.db);
      const { item } = await commitAndRun(h, token, up.id, options);
      expect(item).toMatchObject({ status: 'failed', dataset_id: null });
      expect(item.message).toBe(
        "pipes.csv (row 2300, field ROAD): the value 'Motorway service road' is too long to store",
      );
      expect(await layerRowCounts(h.database.db)).toEqual(before);
    } finally {
      await h.database.db.execute(sql`ALTER TABLE pipes ALTER COLUMN road_type TYPE text`);
    }
  });

  it('names the row and column of a value the database requires', async () => {
    await h.database.db.execute(sql`ALTER TABLE pipes ALTER COLUMN address SET NOT NULL`);
    try {
      const token = await h.token(ADMIN);
      const up = await uploadOk(
        h,
        token,
        'pipes.csv',
        pipesCsv(30, (row) => (row === 17 ? { address: '' } : {})),
      );
      const { item } = await commitAndRun(h, token, up.id, options);
      expect(item.status).toBe('failed');
      expect(item.message).toBe('pipes.csv (row 17, field ADDR): has no value, and one is required');
      expect(item.message).not.toMatch(/INSERT|SELECT|json_to_recordset|params/i);
    } finally {
      await h.database.db.execute(sql`ALTER TABLE pipes ALTER COLUMN address DROP NOT NULL`);
    }
  });

  // Issue 37: these files validated as importable and then failed at commit (SQLSTATE 22023 and 54000).
  it('drops Z and M values and refuses a megabyte id at validation, so the commit succeeds', async () => {
    const token = await h.token(ADMIN);
    const features = [
      [
        [-85.7, 38.2, 12],
        [-85.699, 38.2, 13],
      ],
      [
        [-85.7, 38.201, 12, 0.5],
        [-85.699, 38.201, 13, 1.5],
      ],
      [
        [-85.7, 38.202],
        [-85.699, 38.202],
      ],
    ].map((coordinates, i) => ({
      type: 'Feature',
      properties: { ID: i === 2 ? 'X'.repeat(1_000_000) : `Z${i}` },
      geometry: { type: 'LineString', coordinates },
    }));
    const file = new TextEncoder().encode(JSON.stringify({ type: 'FeatureCollection', features }));
    const up = await uploadOk(h, token, '3d_4d_coords.geojson', file);
    const zOptions = {
      ...options,
      layer: up.layers[0]!.name,
      mapping: { nativeId: 'ID' },
      target: { new_group_name: 'ZM' },
    };
    const report = await validate(h, token, up.id, zOptions);
    expect(report.problems['z-m-dropped']?.count).toBe(2);
    expect(report.problems['id-too-long']).toMatchObject({
      count: 1,
      examples: [{ row: 3, field: 'ID', message: 'an id of 1,000,000 characters; at most 255' }],
    });
    const { item } = await commitAndRun(h, token, up.id, zOptions);
    expect(item.status, item.message ?? '').toBe('succeeded');
    const stored = await h.database.db.execute(
      sql`SELECT native_pipe_id, ST_NDims(geom) AS dims FROM pipes WHERE native_pipe_id IN ('Z0', 'Z1') ORDER BY 1`,
    );
    expect(stored.rows).toEqual([
      { native_pipe_id: 'Z0', dims: 2 },
      { native_pipe_id: 'Z1', dims: 2 },
    ]);
  });
});
