// Hydraulic COF with epanet-js (EPANET 2.2, PDA). A tiny in-memory network checks the mechanics; WNTR's
// Net3 fixtures (../shared/data/wntr-net3-valve-segments, same settings: closure 2 h → 14 h, PDD with
// minimum 3.52 m and required 14.06 m) measure how close EPANET's answer comes to WNTR's simulator.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Workspace } from 'epanet-js';
import { parseInp } from '../epanet/inp-parser.ts';
import { topologyFromInp } from '../network/from-inp.ts';
import {
  SHARED_DATA_SKIP_REASON,
  hasSharedData,
  readSharedCsv,
  readSharedText,
} from '../testing/shared-data.ts';
import { segmentNetwork } from '../vis/segments.ts';
import { loadEpanet } from './epanet-loader.ts';
import { analyzeClosures } from './hydraulic.ts';
import { epanetWasmBytes } from './testing.ts';

// R (head 60 m) ─P1─ J1 ─P2─ J2 ─P3─ J3, and a long thin loop J1 ─P4─ J4 ─P5─ J2; J2 draws 20 L/s. With
// everything open the junctions sit at 57–60 m; with P2 closed the loop cannot carry J2's demand.
const TINY = `[JUNCTIONS]
J1 0 1
J2 0 20
J3 0 1
J4 0 1
[RESERVOIRS]
R 60
[PIPES]
P1 R J1 500 300 100 0 Open
P2 J1 J2 500 200 100 0 Open
P3 J2 J3 500 100 100 0 Open
P4 J1 J4 2000 100 100 0 Open
P5 J4 J2 2000 100 100 0 Open
[OPTIONS]
UNITS LPS
[END]
`;

let workspace: Workspace;
beforeAll(async () => {
  workspace = await loadEpanet(epanetWasmBytes());
});

describe('analyzeClosures on a tiny network', () => {
  it('reports the junctions cut off by a closure (reachability)', () => {
    const result = analyzeClosures(workspace, TINY, [
      { key: 'trunk', linkIds: ['P1'] },
      { key: 'branch', linkIds: ['P3'] },
      { key: 'loop', linkIds: ['P4'] },
      { key: 'bad', linkIds: ['NOPE'] },
    ]);
    expect(result.baselineLow).toEqual([]);
    expect([...result.results.get('trunk')!.junctionsWithoutWater].sort()).toEqual(['J1', 'J2', 'J3', 'J4']);
    expect(result.results.get('branch')!.junctionsWithoutWater).toEqual(['J3']);
    expect(result.results.get('loop')!.junctionsWithoutWater).toEqual([]);
    expect(result.results.get('bad')!.unknownLinks).toEqual(['NOPE']);
    expect(result.demandJunctions).toEqual(['J1', 'J2', 'J3', 'J4']);
  });

  it('reports junctions still connected but below the service pressure (PDA)', () => {
    // EPANET's PDA cuts J2's demand until its pressure settles between minimum and required pressure
    // (4.37 m, 28 % of its demand): below a 5 m service pressure, above the 3.52 m minimum.
    const at = (servicePressureM: number) =>
      analyzeClosures(workspace, TINY, [{ key: 'k', linkIds: ['P2'] }], { servicePressureM }).results.get(
        'k',
      )!.junctionsWithoutWater;
    expect([...at(5)].sort()).toEqual(['J2', 'J3']);
    expect(at(3.52)).toEqual([]);
  });

  it('a steady-state run (closure at 0 s, no duration) gives the same answers on a model without patterns', () => {
    const steady = { startS: 0, durationS: 0, servicePressureM: 5 };
    const result = analyzeClosures(workspace, TINY, [{ key: 'k', linkIds: ['P2'] }], steady);
    expect([...result.results.get('k')!.junctionsWithoutWater].sort()).toEqual(['J2', 'J3']);
  });

  it('leaves out junctions already below the service pressure without the closure', () => {
    const result = analyzeClosures(workspace, TINY, [{ key: 'k', linkIds: ['P2'] }], {
      servicePressureM: 58,
    });
    expect([...result.baselineLow].sort()).toEqual(['J2', 'J3', 'J4']);
    expect(result.results.get('k')!.junctionsWithoutWater).toEqual([]);
  });

  it('is deterministic', () => {
    const run = () =>
      JSON.stringify([...analyzeClosures(workspace, TINY, [{ key: 'a', linkIds: ['P3'] }]).results]);
    expect(run()).toBe(run());
  });
});

describe.skipIf(!hasSharedData)('WNTR Net3 segment closures (pipe_segments_tutorial)', () => {
  const DIR = 'wntr-net3-valve-segments/';
  const text = hasSharedData ? readSharedText(DIR + 'Net3_wntr.inp') : '';

  function compare(
    expectedFile: string,
    closuresOf: (pipe: string) => string[],
    key: (pipe: string) => string,
  ) {
    const expected = readSharedCsv(DIR + expectedFile).map(([p, v]) => [p!, Number(v)] as const);
    const keys = new Map(expected.map(([p]) => [key(p), closuresOf(p)]));
    const analysis = analyzeClosures(
      workspace,
      text,
      [...keys].map(([k, linkIds]) => ({ key: k, linkIds })),
    );
    const demand = new Set(analysis.demandJunctions);
    return expected.map(([pipe, wntr]) => ({
      pipe,
      wntr,
      ours: analysis.results.get(key(pipe))!.junctionsWithoutWater.filter((j) => demand.has(j)).length,
    }));
  }

  it('matches WNTR on most segments and never reports more junctions than WNTR', () => {
    const parsed = parseInp(text);
    if (!parsed.ok) throw new Error('Net3 must parse');
    const topology = topologyFromInp(parsed.model);
    const valves = readSharedCsv(DIR + 'valve_layer_stategic_2.csv').map(([id, linkId, nodeId]) => ({
      id: id!,
      linkId: linkId!,
      nodeId: nodeId!,
    }));
    const seg = segmentNetwork(topology, valves);
    const segmentOf = (pipe: string) => seg.segmentOfLink[topology.linkIndex.get(pipe)!]!;
    const members = (pipe: string) =>
      topology.linkIds.filter((_, l) => seg.segmentOfLink[l] === segmentOf(pipe));
    const rows = compare('segment_break_junctions_impacted.csv', members, (p) => String(segmentOf(p)));
    const exact = rows.filter((r) => r.ours === r.wntr).length;
    console.info(`Net3 segment closures: ${exact}/${rows.length} pipes with WNTR's exact junction count`);
    expect(rows).toHaveLength(119);
    expect(exact).toBeGreaterThanOrEqual(82);
    for (const r of rows) expect(r.ours, `pipe ${r.pipe}`).toBeLessThanOrEqual(r.wntr);
  });

  it('single-pipe closures (pipe_break_tutorial)', () => {
    const rows = compare(
      'pipe_break_junctions_impacted.csv',
      (p) => [p],
      (p) => p,
    );
    const exact = rows.filter((r) => r.ours === r.wntr).length;
    console.info(`Net3 pipe closures: ${exact}/${rows.length} pipes with WNTR's exact junction count`);
    expect(exact).toBeGreaterThanOrEqual(30);
    for (const r of rows) expect(r.ours, `pipe ${r.pipe}`).toBeLessThanOrEqual(r.wntr);
  });
});

if (!hasSharedData) console.warn(SHARED_DATA_SKIP_REASON);
