// The risk factors a pipes import offers to the LOF model (`lof_features`): kept in the new dataset's metadata,
// carried over by imports of other layers, replaced by the next pipes import; a wrong list is refused with 400
// naming the field, on validate and on commit, and a refused commit writes nothing.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { layerRowCounts } from '../src/modules/imports/imports.repository.ts';
import { ADMIN, forEachBackend, type Harness } from './helpers/harness.ts';
import { commitAndRun, step, uploadOk, validate, type Options } from './fixtures/imports-api.ts';

const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

/** Five mains in a row near Louisville with a soil, a pressure class and an (undated) condition column. */
const PIPES = encode({
  type: 'FeatureCollection',
  features: Array.from({ length: 5 }, (_, i) => ({
    type: 'Feature',
    properties: {
      PIPE_ID: `P${i + 1}`,
      DIAM: 150,
      YEAR: 1960 + i * 5,
      SOIL: i % 2 ? 'clay' : 'sand',
      PCLASS: 'PN10',
      CONDITION: i === 0 ? 'poor' : 'good',
    },
    geometry: {
      type: 'LineString',
      coordinates: [
        [-85.7 + i * 0.001, 38.2],
        [-85.7 + (i + 1) * 0.001, 38.2],
      ],
    },
  })),
});

const pointsFile = (properties: (i: number) => Record<string, unknown>) =>
  encode({
    type: 'FeatureCollection',
    features: [0, 1, 2].map((i) => ({
      type: 'Feature',
      properties: properties(i),
      geometry: { type: 'Point', coordinates: [-85.7 + i * 0.001 + 0.0005, 38.2] },
    })),
  });
const VALVES = pointsFile((i) => ({ VALVE_ID: `V${i + 1}`, SOIL: 'clay' }));
const BREAKS = pointsFile((i) => ({ PIPE: `P${i + 1}`, DATE: `2020-0${i + 1}-15` }));

const PIPE_MAPPING = { nativeId: 'PIPE_ID', diameter: 'DIAM', installYear: 'YEAR' };

const pipesImport = (target: Options['target'], lofFeatures?: string[]): Options => ({
  layer: 'pipes',
  type: 'assets',
  asset_layer: 'pipes',
  mapping: PIPE_MAPPING,
  ...(lofFeatures ? { lof_features: lofFeatures } : {}),
  target,
});

async function metadataOf(h: Harness, datasetId: number): Promise<Record<string, unknown>> {
  const r = await h.database.db.execute(sql`SELECT metadata FROM datasets WHERE id = ${datasetId}`);
  return r.rows[0]!['metadata'] as Record<string, unknown>;
}

/** Every layer, dataset, snapshot and group row, and the import items: what a refused commit must not change. */
async function everything(h: Harness) {
  const imports = await h.database.db.execute(sql`SELECT count(*)::int AS n FROM imports`);
  return { ...(await layerRowCounts(h.database.db)), imports: Number(imports.rows[0]!['n']) };
}

forEachBackend('imports: LOF risk factors', (h) => {
  let groupId = 0;

  it('stores the chosen columns of a pipes import on the new dataset, once each and in order', async () => {
    const token = await h.token(ADMIN);
    const up = await uploadOk(h, token, 'pipes.geojson', PIPES);
    const options = pipesImport({ new_group_name: 'Risk factors' }, ['SOIL', 'PCLASS', 'SOIL']);
    expect(await validate(h, token, up.id, options)).toMatchObject({ imported: 5, can_import: true });
    const { item } = await commitAndRun(h, token, up.id, options);
    expect(item).toMatchObject({ status: 'succeeded', imported: 5 });
    groupId = item.snapshot_group_id!;
    expect(await metadataOf(h, item.dataset_id!)).toMatchObject({
      source_file: 'pipes.geojson',
      lof_features: ['SOIL', 'PCLASS'],
    });
    // Every unmapped column is still kept on the pipes, the chosen ones and the others alike.
    const attrs = await h.database.db.execute(
      sql`SELECT attrs FROM pipes WHERE dataset_id = ${item.dataset_id} AND native_pipe_id = 'P1'`,
    );
    expect(attrs.rows[0]!['attrs']).toEqual({ SOIL: 'sand', PCLASS: 'PN10', CONDITION: 'poor' });
  });

  it('keeps the list through a valves and a breaks import (new versions of the group)', async () => {
    const token = await h.token(ADMIN);
    const vu = await uploadOk(h, token, 'valves.geojson', VALVES);
    const valves = await commitAndRun(h, token, vu.id, {
      layer: 'valves',
      type: 'assets',
      asset_layer: 'valves',
      mapping: { nativeId: 'VALVE_ID' },
      target: { snapshot_group_id: groupId },
    });
    expect(valves.item).toMatchObject({ status: 'succeeded', imported: 3, snapshot_group_id: groupId });
    expect(await metadataOf(h, valves.item.dataset_id!)).toMatchObject({
      source_file: 'valves.geojson',
      lof_features: ['SOIL', 'PCLASS'],
    });

    const bu = await uploadOk(h, token, 'breaks.geojson', BREAKS);
    const breaks = await commitAndRun(h, token, bu.id, {
      layer: 'breaks',
      type: 'breaks',
      mapping: { nativePipeId: 'PIPE', date: 'DATE' },
      target: { snapshot_group_id: groupId },
    });
    expect(breaks.item).toMatchObject({ status: 'succeeded', imported: 3 });
    const r = await h.database.db.execute(sql`
      SELECT s.version, d.metadata FROM datasets d JOIN snapshots s ON s.id = d.snapshot_id
      WHERE s.group_id = ${groupId} ORDER BY s.version`);
    expect(
      r.rows.map((row) => [row['version'], (row['metadata'] as Record<string, unknown>)['lof_features']]),
    ).toEqual([
      [1, ['SOIL', 'PCLASS']],
      [2, ['SOIL', 'PCLASS']],
      [3, ['SOIL', 'PCLASS']],
    ]);
  });

  it('replaces the list with the next pipes import, with [] when none is chosen', async () => {
    const token = await h.token(ADMIN);
    const up = await uploadOk(h, token, 'pipes.geojson', PIPES);
    const first = await commitAndRun(
      h,
      token,
      up.id,
      pipesImport({ snapshot_group_id: groupId }, ['PCLASS']),
    );
    expect(await metadataOf(h, first.item.dataset_id!)).toMatchObject({ lof_features: ['PCLASS'] });
    const again = await uploadOk(h, token, 'pipes.geojson', PIPES);
    const second = await commitAndRun(h, token, again.id, pipesImport({ snapshot_group_id: groupId }));
    expect(second.item).toMatchObject({ status: 'succeeded' });
    expect(await metadataOf(h, second.item.dataset_id!)).toMatchObject({ lof_features: [] });
  });

  it('refuses an unknown column, a mapped column and a list on another layer with 400 naming lof_features, and writes nothing', async () => {
    const token = await h.token(ADMIN);
    const pipes = await uploadOk(h, token, 'pipes.geojson', PIPES);
    const valves = await uploadOk(h, token, 'valves.geojson', VALVES);
    const breaks = await uploadOk(h, token, 'breaks.geojson', BREAKS);
    const target = { snapshot_group_id: groupId };
    const cases = [
      {
        upload: pipes.id,
        options: pipesImport(target, ['SOIL', 'ROAD_SURFACE']),
        message: "Risk factor 'ROAD_SURFACE' is not a column of the layer 'pipes'.",
        rule: 'exists',
      },
      {
        upload: pipes.id,
        options: pipesImport(target, ['SOIL', 'DIAM']),
        message:
          "Risk factor 'DIAM' (mapped to diameter) is used by the mapping; only unmapped columns can be risk factors.",
        rule: 'unmapped',
      },
      {
        upload: valves.id,
        options: {
          layer: 'valves',
          type: 'assets',
          asset_layer: 'valves',
          mapping: { nativeId: 'VALVE_ID' },
          lof_features: ['SOIL'],
          target,
        },
        message:
          'Risk factors (lof_features) can only be chosen for a pipes layer (type assets, asset_layer pipes).',
        rule: 'pipes_only',
      },
      {
        upload: breaks.id,
        options: {
          layer: 'breaks',
          type: 'breaks',
          mapping: { nativePipeId: 'PIPE', date: 'DATE' },
          lof_features: ['SOIL'],
          target,
        },
        message:
          'Risk factors (lof_features) can only be chosen for a pipes layer (type assets, asset_layer pipes).',
        rule: 'pipes_only',
      },
    ] satisfies { upload: string; options: Options; message: string; rule: string }[];
    const before = await everything(h);
    for (const c of cases) {
      for (const name of ['validate', 'commit']) {
        const res = await step(h, token, c.upload, name, c.options);
        expect(res.statusCode, `${name} ${c.rule}`).toBe(400);
        expect(res.json()).toEqual({
          status: 400,
          code: 'VALIDATION',
          message: c.message,
          fields: [{ field: 'lof_features', rule: c.rule, message: `validations.${c.rule}` }],
        });
      }
    }
    expect(await everything(h)).toEqual(before);
  });

  it('refuses more than 50 columns and an empty name through the schema', async () => {
    const token = await h.token(ADMIN);
    const up = await uploadOk(h, token, 'pipes.geojson', PIPES);
    const target = { snapshot_group_id: groupId };
    const tooMany = await step(h, token, up.id, 'validate', {
      ...pipesImport(target),
      lof_features: Array.from({ length: 51 }, (_, i) => `C${i}`),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fields).toEqual([
      { field: 'lof_features', rule: 'max', message: 'validations.max' },
    ]);
    const empty = await step(h, token, up.id, 'commit', { ...pipesImport(target), lof_features: [''] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual([
      { field: 'lof_features.0', rule: 'min', message: 'validations.min' },
    ]);
  });
});
