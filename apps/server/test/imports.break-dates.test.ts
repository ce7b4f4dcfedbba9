// Issue 40: a break date kept to the year or the month is stored at the start of its period with its precision
// ('year', 'month', 'day'), and the analysis reads the precision with the date, on both backends.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { withTenant } from '../src/db/database.ts';
import { loadDatasetInputs } from '../src/modules/analysis/load-inputs.ts';
import { ADMIN, forEachBackend } from './helpers/harness.ts';
import { clientOfImport, commitAndRun, mainsCsv, mainsOptions, uploadOk } from './fixtures/imports-api.ts';

const BREAKS = new TextEncoder().encode(
  ['PIPE;DATE', 'M1;2009', 'M2;2010-03', 'M3;03/2011', 'M1;2012/7', 'M2;05/17/2013', 'M3;2014-11-02'].join(
    '\n',
  ) + '\n',
);

forEachBackend('imports: break dates kept to the year, the month or the day', (h) => {
  it('stores each break at the start of its period with its precision, and the analysis reads both', async () => {
    const token = await h.token(ADMIN);
    const mains = await uploadOk(h, token, 'mains.csv', mainsCsv(3));
    const network = await commitAndRun(h, token, mains.id, mainsOptions({ new_group_name: 'Break dates' }));
    expect(network.item).toMatchObject({ status: 'succeeded', imported: 3 });
    const up = await uploadOk(h, token, 'breaks.csv', BREAKS);
    const { item } = await commitAndRun(h, token, up.id, {
      layer: up.layers[0]!.name,
      type: 'breaks',
      mapping: { nativePipeId: 'PIPE', date: 'DATE' },
      answers: { date_format: 'MDY' },
      target: { snapshot_group_id: network.item.snapshot_group_id! },
    });
    expect(item).toMatchObject({ status: 'succeeded', imported: 6, skipped: 0 });
    const stored = await h.database.db.execute(sql`
      SELECT native_pipe_id AS pipe, break_date::text AS date, date_precision AS precision FROM breaks
      WHERE dataset_id = ${item.dataset_id} ORDER BY id`);
    expect(stored.rows).toEqual([
      { pipe: 'M1', date: '2009-01-01', precision: 'year' },
      { pipe: 'M2', date: '2010-03-01', precision: 'month' },
      { pipe: 'M3', date: '2011-03-01', precision: 'month' },
      { pipe: 'M1', date: '2012-07-01', precision: 'month' },
      { pipe: 'M2', date: '2013-05-17', precision: 'day' },
      { pipe: 'M3', date: '2014-11-02', precision: 'day' },
    ]);
    const clientId = await clientOfImport(h, item.id);
    const inputs = await withTenant(h.database.db, clientId, (tx) =>
      loadDatasetInputs({ pageRows: 1000, execute: (q) => tx.execute(q) }, item.dataset_id!, 1),
    );
    expect(
      inputs.breaks.map((b) => [new Date(b.dateMs).toISOString().slice(0, 10), b.datePrecision]),
    ).toEqual([
      ['2009-01-01', 'year'],
      ['2010-03-01', 'month'],
      ['2011-03-01', 'month'],
      ['2012-07-01', 'month'],
      ['2013-05-17', 'day'],
      ['2014-11-02', 'day'],
    ]);
  });
});
