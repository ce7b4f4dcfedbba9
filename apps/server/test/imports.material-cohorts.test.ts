// Cohort material codes (issue 40): a material prefix plus an era or class suffix ('CI-C3', 'AC-HP', 'PE-100') maps
// to its material, in the wizard's suggestion and in the import itself, and the suffix is kept on each pipe as the
// attribute material_cohort, which the user may choose as a risk factor like a column of the file.
import {
  MATERIAL,
  MATERIAL_COHORT_ATTR,
  type InspectResponse,
  type MaterialsResponse,
} from '@pipewise/domain';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { ADMIN, forEachBackend } from './helpers/harness.ts';
import { commitAndRun, step, uploadOk, validate, type Options } from './fixtures/imports-api.ts';

/** The 17 cohort codes of one utility, of which the suggestion mapped 3 before issue 40, with what each maps to. */
const COHORTS: readonly [string, keyof typeof MATERIAL, string | null][] = [
  ['CI-C1', 'CAST_IRON', 'C1'],
  ['CI-C2', 'CAST_IRON', 'C2'],
  ['CI-C3', 'CAST_IRON', 'C3'],
  ['DI-C1', 'DUCTILE_IRON', 'C1'],
  ['DI-C2', 'DUCTILE_IRON', 'C2'],
  ['DI-C3', 'DUCTILE_IRON', 'C3'],
  ['AC-HP', 'ASBESTOS_CEMENT', 'HP'],
  ['AC-LP', 'ASBESTOS_CEMENT', 'LP'],
  ['PVC-LP', 'PVC', 'LP'],
  ['PVC-HP', 'PVC', 'HP'],
  ['STL-1950', 'STEEL', '1950'],
  ['PE-80', 'PEHDPE', '80'],
  ['PE-100', 'PEHDPE', '100'],
  ['HDPE-SDR11', 'PEHDPE', 'SDR11'],
  ['CICL', 'CAST_IRON', null],
  ['DICL', 'DUCTILE_IRON', null],
  ['CON-RCP', 'CONCRETE', 'RCP'],
];

/** One main per code, two of the first (so counts show), in a row near Louisville. */
const MAINS = [...COHORTS.map(([code]) => code), 'CI-C1'];
const PIPES = new TextEncoder().encode(
  JSON.stringify({
    type: 'FeatureCollection',
    features: MAINS.map((code, i) => ({
      type: 'Feature',
      properties: { PIPE_ID: `P${i + 1}`, DIAM: 150, YEAR: 1950 + i, MAT: code, SOIL: 'clay' },
      geometry: {
        type: 'LineString',
        coordinates: [
          [-85.7 + i * 0.001, 38.2],
          [-85.7 + (i + 1) * 0.001, 38.2],
        ],
      },
    })),
  }),
);

const options = (target: Options['target'], extra: Partial<Options> = {}): Options => ({
  layer: 'pipes',
  type: 'assets',
  asset_layer: 'pipes',
  mapping: { nativeId: 'PIPE_ID', diameter: 'DIAM', installYear: 'YEAR', material: 'MAT' },
  target,
  ...extra,
});

forEachBackend('imports: cohort material codes', (h) => {
  it('suggests a material for every cohort code and says its suffix', async () => {
    const token = await h.token(ADMIN);
    const up = await uploadOk(h, token, 'pipes.geojson', PIPES);
    const res = await step(h, token, up.id, 'materials', { layer: 'pipes', column: 'MAT' });
    expect(res.statusCode).toBe(200);
    const { values } = res.json<MaterialsResponse>();
    expect(values).toHaveLength(COHORTS.length);
    expect(values.filter((v) => v.suggested === null)).toEqual([]);
    const byValue = new Map(values.map((v) => [v.value, v]));
    for (const [code, name, cohort] of COHORTS)
      expect(byValue.get(code), code).toMatchObject({ suggested: MATERIAL[name], cohort });
    expect(byValue.get('CI-C1')).toMatchObject({ count: 2 });
  });

  it('imports the material of each cohort code and keeps its suffix on the pipe, a risk factor if chosen', async () => {
    const token = await h.token(ADMIN);
    const up = await uploadOk(h, token, 'pipes.geojson', PIPES);
    // No hand-made material table: the import reads the codes itself, as an API client's import would.
    const o = options({ new_group_name: 'Cohorts' }, { lof_features: [MATERIAL_COHORT_ATTR, 'SOIL'] });
    const report = await validate(h, token, up.id, o);
    expect(report).toMatchObject({ imported: MAINS.length, can_import: true });
    expect(report.problems).not.toHaveProperty('unmapped-material');
    const { item } = await commitAndRun(h, token, up.id, o);
    expect(item).toMatchObject({ status: 'succeeded', imported: MAINS.length });

    const r = await h.database.db.execute(sql`
      SELECT native_pipe_id, material_type_code, attrs FROM pipes WHERE dataset_id = ${item.dataset_id}`);
    const pipes = new Map(r.rows.map((row) => [String(row['native_pipe_id']), row]));
    MAINS.forEach((code, i) => {
      const [, name, cohort] = COHORTS.find(([c]) => c === code)!;
      const pipe = pipes.get(`P${i + 1}`)!;
      expect(Number(pipe['material_type_code']), code).toBe(MATERIAL[name]);
      expect(pipe['attrs'], code).toEqual(
        cohort === null ? { SOIL: 'clay' } : { SOIL: 'clay', [MATERIAL_COHORT_ATTR]: cohort },
      );
    });
    const meta = await h.database.db.execute(
      sql`SELECT metadata FROM datasets WHERE id = ${item.dataset_id}`,
    );
    expect(meta.rows[0]!['metadata']).toMatchObject({ lof_features: [MATERIAL_COHORT_ATTR, 'SOIL'] });
    // The next version of the network is offered the same risk factors, the cohort with them.
    const next = await uploadOk(h, token, 'pipes.geojson', PIPES);
    const inspect = await step(h, token, next.id, 'inspect', {
      layer: 'pipes',
      type: 'assets',
      asset_layer: 'pipes',
      snapshot_group_id: item.snapshot_group_id,
    });
    expect(inspect.json<InspectResponse>().remembered).toMatchObject({
      lof_features: [MATERIAL_COHORT_ATTR, 'SOIL'],
    });
  });

  it('offers the material cohort as a risk factor only when the material is mapped', async () => {
    const token = await h.token(ADMIN);
    const up = await uploadOk(h, token, 'pipes.geojson', PIPES);
    const o = options({ new_group_name: 'No material' }, { lof_features: [MATERIAL_COHORT_ATTR] });
    const res = await step(h, token, up.id, 'validate', {
      ...o,
      mapping: { nativeId: 'PIPE_ID', diameter: 'DIAM', installYear: 'YEAR' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([
      { field: 'lof_features', rule: 'exists', message: 'validations.exists' },
    ]);
  });
});
