import { describe, expect, it } from 'vitest';
import { NetworkBuilder } from '../network/builder.ts';
import { analyzeVis } from './analysis.ts';
import { isolatePipe } from './pipe-isolation.ts';

// R ─M1─ A ─M2─ B ─M3─ C, a branch B ─S1─ D ─S2─ E, valves around M2 and at the start of the branch.
// Breaking M2 shuts V1, V2 and leaves B's side (M3, C and the branch) without supply.
const net = new NetworkBuilder()
  .reservoir('R')
  .pipe('M1', 'R', 'A')
  .pipe('M2', 'A', 'B', { population: 10 })
  .pipe('M3', 'B', 'C', { population: 7 })
  .pipe('S1', 'B', 'D')
  .pipe('S2', 'D', 'E', { population: 3 })
  .valve('V1', { pipe: 'M2', node: 'A' })
  .valve('V2', { pipe: 'M2', node: 'B' })
  .valve('V3', { pipe: 'S1', node: 'B' })
  .valve('V4', { pipe: 'S2', node: 'D' })
  .build();

describe('isolatePipe', () => {
  const analysis = analyzeVis(net.topology, net.valves, net);

  it('lists the valves to close and the pipes of the segment', () => {
    expect(isolatePipe(analysis, 'M2')).toMatchObject({
      valvesToClose: ['V1', 'V2'],
      affectedPipes: ['M2'],
      population: 10,
      isolatable: true,
    });
  });

  it('finds the segments cut off from every source', () => {
    const isolation = isolatePipe(analysis, 'M2')!;
    expect([...isolation.cutOff.pipeIds].sort()).toEqual(['M3', 'S1', 'S2']);
    expect(isolation.cutOff.population).toBe(10);
    expect(isolatePipe(analysis, 'S1')!.cutOff.pipeIds).toEqual(['S2']);
    expect(isolatePipe(analysis, 'S2')!.cutOff.pipeIds).toEqual([]);
    // The main out of the reservoir: everything downstream goes dry.
    expect([...isolatePipe(analysis, 'M1')!.cutOff.pipeIds].sort()).toEqual(['M2', 'M3', 'S1', 'S2']);
  });

  it('a loop back to the source keeps the far side supplied', () => {
    const looped = new NetworkBuilder()
      .reservoir('R')
      .pipe('M1', 'R', 'A')
      .pipe('M2', 'A', 'B')
      .pipe('L1', 'B', 'R')
      .valve('V1', { pipe: 'M2', node: 'A' })
      .valve('V2', { pipe: 'M2', node: 'B' })
      .build();
    expect(isolatePipe(analyzeVis(looped.topology, looped.valves), 'M2')!.cutOff.segmentIds).toEqual([]);
  });

  it('an inoperable valve makes the crew go one valve further', () => {
    const valves = net.valves.map((v) => (v.id === 'V3' ? { ...v, operable: false } : v));
    const isolation = isolatePipe(analyzeVis(net.topology, valves, net), 'M3')!;
    expect(isolation.valvesToClose).toEqual(['V2', 'V4']);
    expect(isolation.affectedPipes).toEqual(['M3', 'S1']);
  });

  it('says when nothing bounds the segment', () => {
    const open = new NetworkBuilder().reservoir('R').pipe('P1', 'R', 'A').build();
    expect(isolatePipe(analyzeVis(open.topology, []), 'P1')).toMatchObject({
      isolatable: false,
      valvesToClose: [],
    });
    expect(isolatePipe(analyzeVis(open.topology, []), 'nope')).toBeNull();
  });
});
