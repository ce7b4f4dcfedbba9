// Imported networks keep their real topology (issue 16), on both backends, with a small hand-made network: a GIS
// pipes file with start/end node columns where two mains cross without a junction, a 0.3 m valved pipe and a pump
// whose two nodes are drawn at one point; then a valves file naming each valve's pipe and node, one of them on a
// pipe that does not exist. Nothing is merged, dropped or relinked without the report saying so.
import type { ImportItem } from '@pipewise/domain';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { runAnalysis } from '../src/modules/analysis/analysis.job.ts';
import { q, queued } from './helpers/analysis-runs.ts';
import { decodeLayer, tileOf } from './helpers/tile-fixture.ts';
import { ADMIN, forEachBackend } from './helpers/harness.ts';
import { linkedValves, segmentPartition } from './helpers/segments.ts';
import { commitAndRun, datasetRow, step, uploadOk, validate, type Options } from './fixtures/imports-api.ts';

const LON = -85.7;
const LAT = 38.2;
/** Metres east and north of the origin → [lon, lat]. */
const at = (x: number, y: number): [number, number] => [
  LON + x / (111_320 * Math.cos((LAT * Math.PI) / 180)),
  LAT + y / 111_320,
];

type Link = [id: string, from: string, to: string, a: [number, number], b: [number, number], length: number];
const LINKS: Link[] = [
  ['P0', 'R', 'I', [0, -60], [0, -10], 50],
  // A pump: its inlet and outlet nodes are drawn at one point, and it has no length.
  ['PUMP', 'I', 'O', [0, -10], [0, -10], 0],
  ['P1', 'O', 'J1', [0, -10], [0, 0], 10],
  ['A1', 'J1', 'J2', [0, 0], [0, 50], 50],
  ['A2', 'J2', 'J3', [0, 50], [0, 100], 50],
  // A 0.3 m pipe with a valve at each end.
  ['S', 'J3', 'J4', [0, 100], [0, 100.3], 0.3],
  ['C1', 'J4', 'J5', [0, 100.3], [0, 150], 49.7],
  // Main B crosses main A at J2's point without a junction: K2 is another node.
  ['B1', 'K1', 'K2', [-50, 50], [0, 50], 50],
  ['B2', 'K2', 'K3', [0, 50], [50, 50], 50],
];

const geojson = (features: unknown[]) =>
  new TextEncoder().encode(JSON.stringify({ type: 'FeatureCollection', features }));

const pipesFile = (links: Link[]) =>
  geojson(
    links.map(([id, from, to, a, b, length]) => ({
      type: 'Feature',
      properties: { native_pipe_id: id, start_node: from, end_node: to, diameter: 200, length },
      geometry: { type: 'LineString', coordinates: [at(...a), at(...b)] },
    })),
  );

type Valve = [id: string, pipe: string, node: string, xy: [number, number]];
const VALVES: Valve[] = [
  ['VS1', 'S', 'J3', [0, 100]],
  ['VS2', 'S', 'J4', [0, 100.3]],
  ['VP1', 'PUMP', 'I', [0, -10]],
  ['VP2', 'PUMP', 'O', [0, -10]],
  // A valve on a pipe the network does not have, drawn far from every pipe.
  ['VBAD', 'NOPE', 'J1', [900, 900]],
];

const valvesFile = geojson(
  VALVES.map(([valve_id, native_pipe_id, node, xy]) => ({
    type: 'Feature',
    properties: { native_pipe_id, node, valve_id },
    geometry: { type: 'Point', coordinates: at(...xy) },
  })),
);

const ANSWERS = { length_unit: 'm', diameter_unit: 'mm' } as const;

forEachBackend('imports: topology from node ids (issue 16)', (h) => {
  let groupId = 0;
  let pipesDataset = 0;

  it('builds the pipes from their node ids and names what coordinate snapping would have changed', async () => {
    const token = await h.token(ADMIN);
    const up = await uploadOk(h, token, 'mains.geojson', pipesFile(LINKS));
    const inspect = await step(h, token, up.id, 'inspect', {
      layer: 'mains',
      type: 'assets',
      asset_layer: 'pipes',
    });
    const mapping = inspect.json<{ suggested_mapping: Record<string, string> }>().suggested_mapping;
    expect(mapping).toEqual({
      nativeId: 'native_pipe_id',
      fromNode: 'start_node',
      toNode: 'end_node',
      diameter: 'diameter',
      length: 'length',
    });
    const options: Options = {
      layer: 'mains',
      type: 'assets',
      asset_layer: 'pipes',
      mapping,
      answers: ANSWERS,
      target: { new_group_name: 'Node ids' },
    };
    const byIds = await validate(h, token, up.id, options);
    expect(byIds).toMatchObject({ rows: 9, imported: 9, can_import: true });
    expect(byIds.topology).toMatchObject({
      mode: 'node_ids',
      tolerance_m: 0.5,
      nodes: 11,
      links: 9,
      components: 2,
      self_loops: { count: 0 },
      far_ends: { count: 0 },
      zero_length_links: { count: 1, examples: [{ native_id: 'PUMP', row: 2 }] },
    });
    // Coincident but unconnected (J2 and K2), the pump's two nodes, and the 0.3 m pipe's two nodes: kept apart.
    const pairs = byIds.topology!.coincident_nodes.examples.map((e) =>
      [e.node_id, e.with![0]!.node_id].sort().join('/'),
    );
    expect(pairs.sort()).toEqual(['I/O', 'J2/K2', 'J3/J4']);

    // Without the node columns, the same file is snapped by coordinates, and the report says what that did.
    const snapped = await validate(h, token, up.id, {
      ...options,
      mapping: { nativeId: 'native_pipe_id', diameter: 'diameter', length: 'length' },
    });
    expect(snapped.topology).toMatchObject({ mode: 'coordinates', nodes: 8, components: 1 });
    expect(snapped.topology!.self_loops.examples.map((e) => [e.native_id, e.row])).toEqual([
      ['PUMP', 2],
      ['S', 6],
    ]);
    expect(snapped.topology!.short_links.examples).toEqual([
      { native_id: 'S', row: 6, length_m: expect.closeTo(0.3, 2) },
    ]);
    expect(snapped.topology!.merged_ends).toMatchObject({
      count: 1,
      examples: [{ native_id: 'A2', row: 5 }],
    });
    expect(snapped.topology!.largest_merge_m).toBeCloseTo(0.3, 2);

    const { item } = await commitAndRun(h, token, up.id, options);
    expect(item).toMatchObject({ status: 'succeeded', imported: 9 });
    groupId = item.snapshot_group_id!;
    pipesDataset = item.dataset_id!;
    expect((await datasetRow(h, pipesDataset)).layer_counts).toMatchObject({ pipes: 9 });
    // Without valves, one segment per connected part: the crossing main stays apart.
    expect(await segmentPartition(h, pipesDataset)).toEqual(['A1 A2 C1 P0 P1 PUMP S', 'B1 B2']);
  });

  it('lists a valve on an unknown pipe, imports it only unlinked, and places the others on their node', async () => {
    const token = await h.token(ADMIN);
    const up = await uploadOk(h, token, 'valves.geojson', valvesFile);
    // The valves' own id, not the pipe they sit on (issue 16: `native_pipe_id` was suggested as the valves' id).
    const inspect = await step(h, token, up.id, 'inspect', {
      layer: 'valves',
      type: 'assets',
      asset_layer: 'valves',
      snapshot_group_id: groupId,
    });
    const mapping = inspect.json<{ suggested_mapping: Record<string, string> }>().suggested_mapping;
    expect(mapping).toEqual({ nativeId: 'valve_id', nativePipeId: 'native_pipe_id', node: 'node' });
    const options: Options = {
      layer: 'valves',
      type: 'assets',
      asset_layer: 'valves',
      mapping,
      target: { snapshot_group_id: groupId },
    };
    const blocked = await validate(h, token, up.id, options);
    expect(blocked).toMatchObject({ can_import: false, blocking: ['valves-unknown-pipe'] });
    expect(blocked.problems['unknown-pipe-id']).toEqual({
      count: 1,
      examples: [
        {
          row: 5,
          field: 'native_pipe_id',
          value: 'NOPE',
          message: "valve VBAD: pipe NOPE is not among the network's pipes",
        },
      ],
    });
    const commit = await step(h, token, up.id, 'commit', options);
    expect(commit.statusCode).toBe(409);

    const unlinked = { ...options, answers: { unknown_pipe_ids: 'unlinked' as const } };
    const allowed = await validate(h, token, up.id, unlinked);
    expect(allowed).toMatchObject({ can_import: true, blocking: [], warnings: ['valves-unknown-pipe'] });
    const { item } = await commitAndRun(h, token, up.id, unlinked);
    expect(item).toMatchObject({ status: 'succeeded', imported: 5 });
    // The warning stays with the import.
    expect((item as ImportItem).report!.warnings).toEqual(['valves-unknown-pipe']);
    const dataset = item.dataset_id!;
    expect(await linkedValves(h, dataset)).toEqual({
      VBAD: ['null', 'J1'],
      VP1: ['PUMP', 'I'],
      VP2: ['PUMP', 'O'],
      VS1: ['S', 'J3'],
      VS2: ['S', 'J4'],
    });
    // The pump and the 0.3 m pipe are segments of their own; nothing joins the crossing main.
    expect(await segmentPartition(h, dataset)).toEqual(['A1 A2 P1', 'B1 B2', 'C1', 'P0', 'PUMP', 'S']);

    // The whole analysis takes the network as it is: the pump has a segment of its own and, having no length, no
    // likelihood of failure.
    const [owner] = await q(h, sql`SELECT client_id FROM datasets WHERE id = ${dataset}`);
    const run = await queued(h, dataset, Number(owner!['client_id']));
    expect(await runAnalysis(h.database, run, { worker: 'test-topology' })).toBe(true);
    const results = await q(
      h,
      sql`SELECT p.native_pipe_id AS id, r.segment_id, r.lof_12 FROM pipe_results r JOIN pipes p ON p.id = r.pipe_id
          WHERE r.analysis_id = ${run.analysisId} ORDER BY p.native_pipe_id`,
    );
    const byId = Object.fromEntries(results.map((r) => [String(r['id']), r]));
    expect(Object.keys(byId)).toHaveLength(9);
    expect(byId['PUMP']!['lof_12']).toBeNull();
    const segment = (id: string) => byId[id]!['segment_id'];
    expect(new Set(['PUMP', 'S', 'P0', 'A1', 'B1'].map(segment)).size).toBe(5);
    expect(segment('A1')).toBe(segment('P1'));

    // The map draws the network around the pump, its line of no length included or left out, never failing.
    const [{ tile_revision: revision }] = (await q(
      h,
      sql`SELECT tile_revision FROM datasets WHERE id = ${dataset}`,
    )) as [{ tile_revision: number }];
    const { x, y } = tileOf(...at(0, -10), 16);
    const tile = await h.request({
      url: `/api/tiles/${dataset}/${revision}/pipes/16/${x}/${y}.mvt`,
      token: await h.token(ADMIN),
    });
    expect(tile.statusCode).toBe(200);
    const drawn = decodeLayer(tile.rawPayload, 'pipes').map((f) => f.properties['native_pipe_id']);
    expect(drawn).toEqual(expect.arrayContaining(['P0', 'P1']));
  });

  it('warns when new pipes leave existing valves without their pipe', async () => {
    const token = await h.token(ADMIN);
    const up = await uploadOk(h, token, 'mains.geojson', pipesFile(LINKS.filter(([id]) => id !== 'S')));
    const report = await validate(h, token, up.id, {
      layer: 'mains',
      type: 'assets',
      asset_layer: 'pipes',
      mapping: { nativeId: 'native_pipe_id', fromNode: 'start_node', toNode: 'end_node', length: 'length' },
      answers: ANSWERS,
      target: { snapshot_group_id: groupId },
    });
    // S's two valves, and the valve imported unlinked.
    expect(report.topology!.valves_unknown_pipe).toBe(3);
    expect(report.warnings).toContain('existing-valves-unknown-pipe');
  });
});
