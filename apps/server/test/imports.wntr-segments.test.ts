// The valve isolation segments of networks imported as GIS files with node ids equal the reference on every link,
// pumps and valves included (issue 16's acceptance), on both backends. Net3 is compared with WNTR's own results
// (../shared/data/wntr-net3-valve-segments); KY4 (WNTR's GeoJSON layers, its pumps exported as points) with the
// engine's segmentation of its .inp, which reproduces WNTR's on Net3 exactly (engine vis/wntr-fixtures.test.ts).
// Each file goes through the wizard's API as a user would: suggested mapping accepted, pipes then valves.
import { parseInp, segmentNetwork, topologyFromInp, type InpModel } from '@pipewise/engine';
import { readSharedCsv, readSharedText } from '@pipewise/engine/testing/shared-data';
import { expect, it } from 'vitest';
import { ADMIN, forEachBackend, type Harness } from './helpers/harness.ts';
import { segmentPartition } from './helpers/segments.ts';
import {
  HAS_SHARED_DATA,
  commitAndRun,
  sharedFile,
  step,
  uploadOk,
  validate,
} from './fixtures/imports-api.ts';

const NET3 = 'wntr-net3-valve-segments/';

function model(relative: string): InpModel {
  const parsed = parseInp(readSharedText(relative));
  if (!parsed.ok) throw new Error(`${relative} must parse`);
  return parsed.model;
}

const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
type Valve = { id: string; link: string; node: string };

/** Net3's links as a GIS pipes file: local coordinates moved near Louisville (1 unit = 0.0001°). */
function net3Files(valves: Valve[]) {
  const m = model(NET3 + 'Net3_wntr.inp');
  const xy = new Map(m.coordinates.map((c) => [c.nodeId, [-85.7 + c.x * 1e-4, 38.2 + c.y * 1e-4]]));
  const links = [
    ...m.pipes.map((p) => ({ ...p, length: p.lengthM, diameter: p.diameterMm })),
    ...m.pumps.map((p) => ({ ...p, length: 0, diameter: null })),
  ];
  const pipes = {
    type: 'FeatureCollection',
    features: links.map((l) => ({
      type: 'Feature',
      properties: {
        native_pipe_id: l.id,
        start_node: l.node1,
        end_node: l.node2,
        diameter: l.diameter,
        length: l.length,
      },
      geometry: {
        type: 'LineString',
        coordinates: [
          xy.get(l.node1),
          ...(m.vertices[l.id] ?? []).map((v) => [-85.7 + v.x * 1e-4, 38.2 + v.y * 1e-4]),
          xy.get(l.node2),
        ],
      },
    })),
  };
  return { pipes: json(pipes), valves: json(valvesCollection(valves, (node) => xy.get(node)!)) };
}

function valvesCollection(valves: Valve[], at: (node: string) => number[], crs?: unknown) {
  return {
    type: 'FeatureCollection',
    ...(crs ? { crs } : {}),
    features: valves.map((v) => ({
      type: 'Feature',
      properties: { valve_id: v.id, native_pipe_id: v.link, node: v.node },
      geometry: { type: 'Point', coordinates: at(v.node) },
    })),
  };
}

const layer = (rows: string[][]): Valve[] =>
  rows.map(([id, link, node]) => ({ id: id!, link: link!, node: node! }));

/** WNTR's partition of the links: its segment label per link, as sets of link ids. */
function wntrPartition(file: string): string[] {
  const segments = new Map<string, string[]>();
  for (const [id, label] of readSharedCsv(NET3 + file))
    segments.set(label!, [...(segments.get(label!) ?? []), id!]);
  return [...segments.values()].map((s) => s.sort().join(' ')).sort();
}

/** Imports the pipes then the valves through the API with the suggested mappings; the dataset of the valves. */
async function importNetwork(
  h: Harness,
  name: string,
  files: { pipes: Uint8Array; valves: Uint8Array },
  pipesAnswers: Record<string, string>,
): Promise<number> {
  const token = await h.token(ADMIN);
  const suggested = async (id: string, l: string, asset_layer: string) =>
    (await step(h, token, id, 'inspect', { layer: l, type: 'assets', asset_layer })).json<{
      suggested_mapping: Record<string, string>;
    }>().suggested_mapping;
  const up = await uploadOk(h, token, `${name}_pipes.geojson`, files.pipes);
  const mapping = await suggested(up.id, `${name}_pipes`, 'pipes');
  expect(mapping).toMatchObject({ fromNode: expect.any(String), toNode: expect.any(String) });
  const pipes = {
    layer: `${name}_pipes`,
    type: 'assets',
    asset_layer: 'pipes',
    mapping,
    answers: pipesAnswers,
    target: { new_group_name: name },
  } as const;
  const report = await validate(h, token, up.id, pipes);
  expect(report).toMatchObject({
    can_import: true,
    topology: { mode: 'node_ids', self_loops: { count: 0 } },
  });
  const first = await commitAndRun(h, token, up.id, pipes);
  expect(first.item).toMatchObject({ status: 'succeeded', skipped: 0 });
  const vu = await uploadOk(h, token, `${name}_valves.geojson`, files.valves);
  const valves = {
    layer: `${name}_valves`,
    type: 'assets',
    asset_layer: 'valves',
    mapping: await suggested(vu.id, `${name}_valves`, 'valves'),
    target: { snapshot_group_id: first.item.snapshot_group_id! },
  } as const;
  expect(valves.mapping).toEqual({ nativeId: 'valve_id', nativePipeId: 'native_pipe_id', node: 'node' });
  const second = await commitAndRun(h, token, vu.id, valves);
  expect(second.item).toMatchObject({ status: 'succeeded', skipped: 0 });
  expect(second.item.report!.problems).toEqual({});
  return second.item.dataset_id!;
}

forEachBackend('imports: segments of GIS networks with node ids equal the reference (issue 16)', (h) => {
  const metric = { length_unit: 'm', diameter_unit: 'mm' };

  it.skipIf(!HAS_SHARED_DATA)(
    "Net3 with WNTR's random layer of 40 valves: WNTR's partition on every link",
    async () => {
      const valves = layer(readSharedCsv(NET3 + 'valve_layer_random.csv'));
      const dataset = await importNetwork(h, 'net3_random', net3Files(valves), metric);
      expect(await segmentPartition(h, dataset)).toEqual(wntrPartition('link_segments_random.csv'));
    },
  );

  it.skipIf(!HAS_SHARED_DATA)(
    "Net3 with WNTR's strategic N-1 layer, valves on both pumps: WNTR's partition",
    async () => {
      const valves = layer(readSharedCsv(NET3 + 'valve_layer_stategic_1.csv'));
      expect(valves.filter((v) => v.link === '335' || v.link === '10').length).toBe(3);
      const dataset = await importNetwork(h, 'net3_strategic', net3Files(valves), metric);
      expect(await segmentPartition(h, dataset)).toEqual(wntrPartition('link_segments_strategic.csv'));
    },
  );

  it.skipIf(!HAS_SHARED_DATA)(
    "KY4 from WNTR's GeoJSON, pumps drawn as points with coincident nodes: the .inp's partition",
    async () => {
      const ky4 = model('wntr-ky4-gis/ky4_wntr.inp');
      const pipes = JSON.parse(new TextDecoder().decode(sharedFile('wntr-ky4-gis/ky4_pipes.geojson'))) as {
        crs: unknown;
        features: unknown[];
      };
      const pumps = JSON.parse(new TextDecoder().decode(sharedFile('wntr-ky4-gis/ky4_pumps.geojson'))) as {
        features: { properties: Record<string, unknown> }[];
      };
      // The pumps go in the pipes file as links of no length (WNTR exports them as points).
      pipes.features.push(
        ...pumps.features.map((f) => ({ ...f, properties: { ...f.properties, length: 0 } })),
      );
      const topology = topologyFromInp(ky4);
      const valves = ky4Valves(topology);
      const xy = new Map(ky4.coordinates.map((c) => [c.nodeId, [c.x, c.y]]));
      const files = {
        pipes: json(pipes),
        valves: json(valvesCollection(valves, (node) => xy.get(node)!, pipes.crs)),
      };
      const dataset = await importNetwork(h, 'ky4', files, { length_unit: 'm', diameter_unit: 'm' });
      const reference = segmentNetwork(
        topology,
        valves.map((v) => ({ id: v.id, linkId: v.link, nodeId: v.node })),
      );
      const expected = new Map<number, string[]>();
      reference.segmentOfLink.forEach((s, l) =>
        expected.set(s, [...(expected.get(s) ?? []), topology.linkIds[l]!]),
      );
      expect(await segmentPartition(h, dataset)).toEqual(
        [...expected.values()].map((s) => s.sort().join(' ')).sort(),
      );
    },
    120_000,
  );
});

/**
 * A deterministic valve layer over KY4's nodes in .inp order: every third node closed on all sides, the next on all
 * sides but one, the third open; and both ends of both pumps.
 */
function ky4Valves(topology: ReturnType<typeof topologyFromInp>): Valve[] {
  const valves: Valve[] = [];
  const add = (l: number, n: number) =>
    valves.push({ id: `V${valves.length + 1}`, link: topology.linkIds[l]!, node: topology.nodeIds[n]! });
  for (let n = 0; n < topology.nodeIds.length; n++) {
    const links = [
      ...topology.incidentLinks.subarray(topology.incidentStart[n], topology.incidentStart[n + 1]),
    ];
    if (n % 3 === 0) links.forEach((l) => add(l, n));
    else if (n % 3 === 1) links.slice(1).forEach((l) => add(l, n));
  }
  for (const pump of ['~@Pump-1', '~@Pump-2']) {
    const l = topology.linkIndex.get(pump)!;
    for (const n of [topology.linkFrom[l]!, topology.linkTo[l]!])
      if (!valves.some((v) => v.link === pump && v.node === topology.nodeIds[n])) add(l, n);
  }
  return valves;
}
