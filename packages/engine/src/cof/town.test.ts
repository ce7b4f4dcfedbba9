// End to end on a generated town (synth/): VIS → COF in each mode, and hydraulic closures of its EPANET model.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Workspace } from 'epanet-js';
import { writeInp } from '../epanet/write-inp.ts';
import { generateCity } from '../synth/generate.ts';
import { analyzeVis } from '../vis/analysis.ts';
import { loadEpanet } from './epanet-loader.ts';
import { cofNetworkOfCity } from './from-city.ts';
import { analyzeClosures } from './hydraulic.ts';
import { computeCof } from './model.ts';
import { segmentClosures, segmentOutages } from './segment-closures.ts';
import { epanetWasmBytes, usScenario } from './testing.ts';

const city = generateCity({ seed: 11, pipes: 200, asOf: { year: 2026, month: 1 } });
const net = cofNetworkOfCity(city);
const vis = analyzeVis(net.topology, net.valves, { nodePopulation: net.nodePopulation });
let workspace: Workspace;
beforeAll(async () => {
  workspace = await loadEpanet(epanetWasmBytes());
});

describe('COF of a generated town', () => {
  it('gives finite details, levels 1–5 and native ids in every mode', () => {
    const nativeOf = new Map(city.pipes.map((p) => [p.id, p.nativePipeId]));
    for (const kind of ['standard', 'valve'] as const) {
      const result = computeCof({ ...net, vis, scenario: usScenario(kind) });
      expect(result.pipes).toHaveLength(city.pipes.length);
      for (const d of result.pipes) {
        expect(Number.isFinite(d.cofTotal)).toBe(true);
        expect(d.level).toBeGreaterThanOrEqual(1);
        expect(d.level).toBeLessThanOrEqual(5);
        for (const ref of d.affectedPipes) expect(ref.nativeId).toBe(nativeOf.get(ref.mapId));
      }
    }
  });

  it('hydraulic mode: one closure per segment; fully enclosed junctions of a segment go dry', () => {
    const closures = segmentClosures(vis, net.epanetLinkIds);
    expect(closures).toHaveLength(vis.segments.length);
    const analysis = analyzeClosures(workspace, writeInp(city.epanet), closures);
    for (const r of analysis.results.values()) expect(r.unknownLinks).toEqual([]);
    // A junction all of whose links lie in the closed segment has no supply left.
    const { topology } = vis;
    for (const segment of vis.segments) {
      const dry = new Set(analysis.results.get(String(segment.id))!.junctionsWithoutWater);
      const members = new Set(segment.pipeIds);
      for (const nodeId of segment.nodeIds) {
        const n = topology.nodeIndex.get(nodeId)!;
        const links: string[] = [];
        for (let k = topology.incidentStart[n]!; k < topology.incidentStart[n + 1]!; k++)
          links.push(topology.linkIds[topology.incidentLinks[k]!]!);
        if (topology.nodeKind[n] === 0 && links.every((l) => members.has(l)))
          expect(dry.has(nodeId)).toBe(true);
      }
    }
    const result = computeCof({
      ...net,
      vis,
      scenario: usScenario('hydraulic'),
      hydraulic: segmentOutages(analysis),
    });
    expect(result.pipes.some((d) => d.customersWithoutWater > 0)).toBe(true);
  }, 60_000);
});
