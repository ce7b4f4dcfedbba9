// Breaks through the wizard: Kitchener mains (an inventory without geometry) with breaks matched by pipe id, and
// the Toronto breaks Shapefile located by its .prj, on both backends.
import { zipSync } from 'fflate';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { ADMIN, forEachBackend } from './helpers/harness.ts';
import {
  HAS_SHARED_DATA,
  commitAndRun,
  datasetRow,
  sharedFile,
  step,
  uploadOk,
  validate,
} from './fixtures/imports-api.ts';

const KITCHENER = 'kitchener-watermains-breaks/';
const TORONTO = 'toronto-watermain-breaks-1990-2016/Breaks_1990_2016_wgs84';
const US_ANSWERS = {
  length_unit: 'm',
  diameter_unit: 'mm',
  date_format: 'MDY',
  missing_means: 'unknown',
} as const;

forEachBackend('imports: breaks', (h) => {
  let groupId = 0;

  it.skipIf(!HAS_SHARED_DATA)(
    'imports the Kitchener mains inventory without geometry, lengths kept',
    async () => {
      const token = await h.token(ADMIN);
      const up = await uploadOk(h, token, 'mains.csv', sharedFile(`${KITCHENER}Water_Mains_export2024.csv`));
      const layer = up.layers[0]!.name;
      const inspect = await step(h, token, up.id, 'inspect', { layer, type: 'assets', asset_layer: 'pipes' });
      const mapping = inspect.json().suggested_mapping;
      expect(mapping).toEqual({
        nativeId: 'WATMAINID',
        diameter: 'PIPE_SIZE',
        installDate: 'INSTALLATION_DATE',
        material: 'MATERIAL',
        length: 'Shape__Length',
        pressureZone: 'PRESSURE_ZONE',
        abandoned: 'STATUS',
      });
      const materials = (await step(h, token, up.id, 'materials', { layer, column: 'MATERIAL' })).json();
      // Whole names: no cohort suffix (issue 40).
      expect(materials.values.slice(0, 3)).toEqual([
        { value: 'PVC', count: 7719, suggested: 8, cohort: null },
        { value: 'DI', count: 5071, suggested: 2, cohort: null },
        { value: 'CI', count: 2154, suggested: 0, cohort: null },
      ]);
      expect(materials.values).toContainEqual({ value: 'XXX', count: 9, suggested: null, cohort: null });
      const options = {
        layer,
        type: 'assets',
        asset_layer: 'pipes',
        mapping,
        materials: { XXX: 10 },
        answers: US_ANSWERS,
        target: { new_group_name: 'Kitchener' },
      } as const;
      // The inventory has no geometry: refused as it is, imported once the user says "attributes only" (issue 15).
      expect(await validate(h, token, up.id, options)).toMatchObject({ blocking: ['no-pipe-geometry'] });
      const attributesOnly = {
        ...options,
        answers: { ...US_ANSWERS, geometryless_pipes: 'attributes-only' },
      } as const;
      const report = await validate(h, token, up.id, attributesOnly);
      expect(report).toMatchObject({ rows: 15931, imported: 15931, skipped: 0, can_import: true });
      expect(report.problems['missing-geometry']!.count).toBe(15931);
      expect(report.problems['diameter-out-of-range']!.count).toBe(25);
      expect(report.problems['unmapped-material']).toBeUndefined();
      const { item } = await commitAndRun(h, token, up.id, attributesOnly);
      expect(item).toMatchObject({ status: 'succeeded', imported: 15931 });
      groupId = item.snapshot_group_id!;
      expect((await datasetRow(h, item.dataset_id!)).layer_counts).toMatchObject({ pipes: 15931 });
      const totals = await h.database.db.execute(sql`
      SELECT round(sum(length_m) / 1000)::int AS km, count(*) FILTER (WHERE abandoned)::int AS abandoned,
        count(*) FILTER (WHERE install_year IS NULL)::int AS no_year
      FROM pipes WHERE dataset_id = ${item.dataset_id}`);
      // SOURCE.md: ≈ 929.6 km, all ACTIVE, 36 blank installation dates.
      expect(totals.rows[0]).toEqual({ km: 930, abandoned: 0, no_year: 36 });
    },
  );

  it.skipIf(!HAS_SHARED_DATA)('matches 2,339 Kitchener breaks to the mains by Related Asset ID', async () => {
    const token = await h.token(ADMIN);
    const bytes = sharedFile(`${KITCHENER}Water_Main_Breaks_export2024.csv`);
    const up = await uploadOk(h, token, 'breaks.csv', bytes);
    const layer = up.layers[0]!.name;
    const inspect = await step(h, token, up.id, 'inspect', { layer, crs: 'EPSG:26917', type: 'breaks' });
    const mapping = inspect.json().suggested_mapping;
    expect(mapping).toMatchObject({
      nativePipeId: 'Related Asset ID',
      date: 'Incident date',
      x: 'x',
      y: 'y',
    });
    const options = {
      layer,
      crs: 'EPSG:26917',
      type: 'breaks',
      mapping,
      answers: US_ANSWERS,
      target: { snapshot_group_id: groupId },
    } as const;
    const report = await validate(h, token, up.id, options);
    // SOURCE.md: 2,339 main breaks carry a Related Asset ID equal to a WATMAINID.
    expect(report.matching).toEqual({ by_id: 2339, by_snap: 0, unmatched: 470 });
    const { item } = await commitAndRun(h, token, up.id, options);
    expect(item).toMatchObject({
      status: 'succeeded',
      rows: 2809,
      imported: 2809,
      report: { matching: { by_id: 2339, by_snap: 0, unmatched: 470 } },
    });
    const ds = await datasetRow(h, item.dataset_id!);
    expect(ds).toMatchObject({ version: 2, type: 'CURRENT', layer_counts: { pipes: 15931, breaks: 2809 } });
    const linked = await h.database.db.execute(sql`
      SELECT count(DISTINCT pipe_id)::int AS pipes, max(break_count)::int AS most FROM pipes p
      JOIN breaks b ON b.pipe_id = p.id WHERE p.dataset_id = ${item.dataset_id}`);
    // SOURCE.md: 1,205 mains with ≥ 1 linked break, at most 12.
    expect(linked.rows[0]).toEqual({ pipes: 1205, most: 12 });
  });

  it.skipIf(!HAS_SHARED_DATA)(
    'imports the Toronto breaks Shapefile (zip with .prj) into a new network',
    async () => {
      const token = await h.token(ADMIN);
      const zip = zipSync({
        'Breaks.shp': sharedFile(`${TORONTO}.shp`),
        'Breaks.dbf': sharedFile(`${TORONTO}.dbf`),
        'Breaks.prj': sharedFile(`${TORONTO}.prj`),
      });
      const up = await uploadOk(h, token, 'toronto.zip', zip);
      expect(up).toMatchObject({
        format: 'shapefile-zip',
        layers: [{ name: 'Breaks', feature_count: 35465 }],
      });
      const inspect = await step(h, token, up.id, 'inspect', { layer: 'Breaks', type: 'breaks' });
      const mapping = inspect.json().suggested_mapping;
      expect(mapping).toMatchObject({ date: 'BREAK_DATE' });
      const { item } = await commitAndRun(h, token, up.id, {
        layer: 'Breaks',
        type: 'breaks',
        mapping,
        answers: US_ANSWERS,
        target: { new_group_name: 'Toronto breaks' },
      });
      expect(item).toMatchObject({
        status: 'succeeded',
        imported: 35465,
        report: { matching: { by_id: 0, by_snap: 0, unmatched: 35465 } },
      });
      const box = await h.database.db.execute(sql`
      SELECT min(ST_X(geom)) > -79.7 AND max(ST_X(geom)) < -79.1 AND min(ST_Y(geom)) > 43.5
        AND max(ST_Y(geom)) < 43.9 AS in_toronto
      FROM breaks WHERE dataset_id = ${item.dataset_id}`);
      expect(box.rows[0]).toEqual({ in_toronto: true });
    },
  );
});
