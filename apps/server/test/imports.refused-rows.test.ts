// Issue 18: a row the database refuses fails the import with the row, the file's column and the value in words
// (it showed Drizzle's SQL with the batch's parameters cut off before the cause). The database is made stricter
// here than the schema (a shorter text column, a required one) so that a row passes validation and is refused only
// when written, in the second batch of 2,000, as a real refusal would be.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { layerRowCounts } from '../src/modules/imports/imports.repository.ts';
import { commitAndRun, uploadOk } from './fixtures/imports-api.ts';
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
});
