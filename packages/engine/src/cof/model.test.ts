import { describe, expect, it } from 'vitest';
import { NetworkBuilder } from '../network/builder.ts';
import { analyzeVis } from '../vis/analysis.ts';
import { computeCof } from './model.ts';
import { cofOf, cofPipe, usScenario } from './testing.ts';

const FT = 0.3048;
// R ─M1─ A ─M2─ B ─M3─ C, valves around M2: breaking M2 shuts V1, V2 and leaves M3/C dry.
const line = () =>
  new NetworkBuilder()
    .reservoir('R')
    .node('A', { population: 5 })
    .node('B', { population: 10 })
    .node('C', { population: 7 })
    .pipe('M1', 'R', 'A')
    .pipe('M2', 'A', 'B')
    .pipe('M3', 'B', 'C')
    .valve('V1', { pipe: 'M2', node: 'A' })
    .valve('V2', { pipe: 'M2', node: 'B' })
    .build();
const one = (overrides = {}) => cofPipe('M2', overrides);
const details = (pipe = one(), extra = {}) =>
  cofOf(line(), { pipes: [pipe], ...extra }).pipes.find((p) => p.pipeId === pipe.id)!;

describe('direct cost', () => {
  it('standard repair = tier rate per foot × length in feet', () => {
    const d = details(one({ lengthM: 30.48, diameterMm: 152.4 }));
    expect(d.standardRepair).toBeCloseTo(200 * 100, 6);
    expect(d.intenseRepair).toBe(0);
  });

  it('arterial roads use the intense repair rate instead', () => {
    const d = details(one({ lengthM: FT, roadType: 'arterial', diameterMm: 406.4 }));
    expect(d.intenseRepair).toBeCloseTo(330 * 1.5, 6);
    expect(d.standardRepair).toBe(0);
  });

  it('property damage grows with pressure, clamped to [0.5, 2] × the reference', () => {
    const at = (kpa: number | null) => details(one({ staticPressureKpa: kpa })).propertyDamage;
    expect(at(null)).toBe(2500);
    expect(at(400)).toBe(2500);
    expect(at(600)).toBe(3750);
    expect(at(100)).toBe(1250);
    expect(at(2000)).toBe(5000);
  });

  it('direct = repair + property damage', () => {
    const d = details();
    expect(d.direct).toBeCloseTo(d.standardRepair + d.intenseRepair + d.propertyDamage, 6);
  });
});

describe('indirect cost', () => {
  it('traffic disruption = cost per hour of the road type × outage hours of the tier', () => {
    expect(details(one({ roadType: 'arterial' })).trafficDisruption).toBe(1000 * 6);
    expect(details(one({ roadType: 'local' })).trafficDisruption).toBe(50 * 6);
    expect(details(one({ roadType: null })).trafficDisruption).toBe(0);
  });

  it('environment by tier and pressure, × 3 near water', () => {
    expect(details(one({ diameterMm: 50 })).environment).toBe(500);
    expect(details(one({ diameterMm: 50, nearWater: true, staticPressureKpa: 800 })).environment).toBe(3000);
  });

  it('no water: customers × outage hours × cost per customer-hour, by mode', () => {
    const standard = details(one());
    // Standard: A (5) and B (10) are shared by two pipes each.
    expect(standard.customersWithoutWater).toBeCloseTo(7.5, 9);
    expect(standard.noWater).toBeCloseTo(7.5 * 6 * 2, 9);
    const valve = details(one(), { scenario: usScenario('valve') });
    // Valve: the segment {M2} holds no node; B and C (M3's segment) lose their only supply.
    expect(valve.customersWithoutWater).toBe(17);
    expect(valve.noWater).toBe(17 * 6 * 2);
  });

  it('a pipe with its own population uses it in standard mode', () => {
    expect(details(one({ population: 42 })).customersWithoutWater).toBe(42);
  });

  it('critical facilities reached, weighted by type', () => {
    const facilities = [
      { id: 'H', type: 'hospital', nodeId: 'C' },
      { id: 'S', type: 'school', nodeId: 'B' },
      { id: 'X', type: 'other', nodeId: 'A' },
    ];
    const valve = details(one(), { scenario: usScenario('valve'), facilities });
    expect(valve.facilitiesCutOff).toEqual(['S', 'H']);
    expect(valve.criticalFacilities).toBe((2 + 10) * 6 * 500);
    const standard = details(one(), { facilities });
    expect([...standard.facilitiesCutOff].sort()).toEqual(['S', 'X']);
    expect(standard.criticalFacilities).toBe((2 + 1) * 6 * 500);
  });

  it('indirect is the sum of its four factors', () => {
    const d = details(one({ roadType: 'collector', nearWater: true }), { scenario: usScenario('valve') });
    expect(d.indirect).toBeCloseTo(d.noWater + d.trafficDisruption + d.criticalFacilities + d.environment, 6);
  });
});

describe('custom COFs and the total', () => {
  it('counts only enabled custom COFs', () => {
    const scenario = {
      ...usScenario(),
      customCofs: [
        { id: 1, enabled: true },
        { id: 2, enabled: false },
      ],
    };
    const d = details(one({ custom: { '1': 1000, '2': 50 } }), { scenario });
    expect(d.custom).toBe(1000);
    expect(d.cofTotal).toBeCloseTo(d.direct + d.indirect + 1000, 6);
  });
});

describe('affected pipes and valves', () => {
  it('are (map id, native id) pairs from the isolation segment', () => {
    const d = details();
    expect(d.affectedPipes).toEqual([{ mapId: 'M2', nativeId: 'N-M2' }]);
    const withNative = details(one(), { valveNativeIds: { V1: 'GV-1' } });
    expect(withNative.affectedValves).toEqual([
      { mapId: 'V1', nativeId: 'GV-1' },
      { mapId: 'V2', nativeId: 'V2' },
    ]);
  });

  it('pipes of one segment share their lists', () => {
    const net = new NetworkBuilder().reservoir('R').chain('P', ['R', 'A', 'B', 'C']).build();
    const result = cofOf(net);
    expect(result.pipes[0]!.affectedPipes).toBe(result.pipes[2]!.affectedPipes);
  });
});

describe('valve mode equals the VIS segment population', () => {
  it('for every pipe of a looped network', () => {
    const net = new NetworkBuilder()
      .reservoir('R')
      .node('A', { population: 3 })
      .node('B', { population: 4 })
      .node('C', { population: 8 })
      .node('D', { population: 1 })
      .pipe('P1', 'R', 'A')
      .pipe('P2', 'A', 'B')
      .pipe('P3', 'B', 'C')
      .pipe('P4', 'C', 'A')
      .pipe('P5', 'C', 'D')
      .valve('V1', { pipe: 'P2', node: 'A' })
      .valve('V2', { pipe: 'P3', node: 'C' })
      .valve('V3', { pipe: 'P5', node: 'C' })
      .build();
    const vis = analyzeVis(net.topology, net.valves, net);
    const result = cofOf(net, { scenario: usScenario('valve') });
    for (const d of result.pipes) {
      const s = vis.segments[vis.segmentation.segmentOfLink[net.topology.linkIndex.get(d.pipeId)!]!]!;
      const cutOff = vis.supply.cutOffSegments(s.id).reduce((sum, c) => sum + vis.segments[c]!.population, 0);
      expect(d.customersWithoutWater).toBe(s.population + cutOff);
    }
  });
});

describe('people along pipes (issue 38: a pipe of 76 people at $0 without water in valve mode)', () => {
  // A loop R ─P1─ A ─P2─ B ─P3─ R2 … with valves at both ends of P2: its segment is the pipe alone, with no
  // node, and closing it cuts nobody else off (A and B are fed from both sides).
  const loop = () =>
    new NetworkBuilder()
      .reservoir('R')
      .pipe('P1', 'R', 'A')
      .pipe('P2', 'A', 'B')
      .pipe('P3', 'B', 'C')
      .pipe('P4', 'C', 'R')
      .valve('V1', { pipe: 'P2', node: 'A' })
      .valve('V2', { pipe: 'P2', node: 'B' })
      .build();
  const pipes = [
    cofPipe('P1', { population: 10 }),
    cofPipe('P2', { population: 76 }),
    cofPipe('P3'),
    cofPipe('P4'),
  ];
  const p2 = (kind: 'standard' | 'valve') =>
    cofOf(loop(), { pipes, scenario: usScenario(kind) }).pipes.find((d) => d.pipeId === 'P2')!;

  it('valve mode counts the customers of the isolated pipe itself', () => {
    const valve = p2('valve');
    expect(valve.customersWithoutWater).toBe(76);
    expect(valve.segmentCustomers).toBe(76);
    expect(valve.cutOffSegments).toBe(0);
    expect(valve.noWater).toBe(76 * 6 * 2);
    expect(p2('standard').noWater).toBe(valve.noWater);
  });

  it("valve mode counts the people along a cut-off segment's pipes", () => {
    // The chain R ─P1─ A ─P2─ B ─P3─ C, valves around P2: P3's segment (B, P3, C) loses its only source.
    const chain = new NetworkBuilder()
      .reservoir('R')
      .chain('P', ['R', 'A', 'B', 'C'])
      .valve('V1', { pipe: 'P2', node: 'A' })
      .valve('V2', { pipe: 'P2', node: 'B' })
      .build();
    const withPeople = [
      cofPipe('P1', { population: 1 }),
      cofPipe('P2', { population: 5 }),
      cofPipe('P3', { population: 7 }),
    ];
    const d = cofOf(chain, { pipes: withPeople, scenario: usScenario('valve') }).pipes.find(
      (r) => r.pipeId === 'P2',
    )!;
    expect(d).toMatchObject({
      customersWithoutWater: 12,
      segmentCustomers: 5,
      cutOffSegments: 1,
      segmentId: expect.any(Number),
    });
  });

  it('hydraulic mode counts the closed pipes and half of an open pipe per dry end', () => {
    const net = loop();
    const vis = analyzeVis(net.topology, net.valves, net);
    const seg = vis.segmentation.segmentOfLink[net.topology.linkIndex.get('P2')!]!;
    const d = computeCof({
      scenario: usScenario('hydraulic'),
      pipes,
      vis,
      nodePopulation: {},
      hydraulic: new Map([[seg, ['A']]]),
    }).pipes.find((r) => r.pipeId === 'P2')!;
    // P2 (76, closed) + half of P1 (10) at the dry junction A.
    expect(d).toMatchObject({ customersWithoutWater: 81, segmentCustomers: 76, dryJunctions: 1 });
  });
});

describe('the basis of each amount', () => {
  it('carries the figures the money multiplies', () => {
    const d = details(
      one({ lengthM: 30.48, roadType: 'arterial', staticPressureKpa: 600, nearWater: true }),
      {
        scenario: usScenario('valve'),
        facilities: [{ id: 'H', type: 'hospital', nodeId: 'C' }],
      },
    );
    const b = d.basis;
    expect(b).toMatchObject({
      tier: 'd2',
      intense: true,
      roadType: 'arterial',
      outageHours: 6,
      customerHourRate: 2,
    });
    expect(d.intenseRepair).toBeCloseTo(b.lengthM * b.repairRatePerM, 6);
    expect(d.noWater).toBeCloseTo(d.customersWithoutWater * b.outageHours * b.customerHourRate, 6);
    expect(d.trafficDisruption).toBe(b.trafficRatePerHour * b.outageHours);
    expect(d.criticalFacilities).toBe(b.facilityWeight * b.outageHours * b.facilityHourRate);
    expect(b.facilityWeight).toBe(10);
    expect(d.propertyDamage).toBeCloseTo(b.propertyDamageRate * b.pressureFactor, 6);
    expect(d.environment).toBeCloseTo(b.environmentRate * b.pressureFactor * b.nearWaterFactor, 6);
    expect(b.nearWaterFactor).toBe(3);
    expect(d).toMatchObject({ segmentCustomers: 0, cutOffSegments: 1, customersWithoutWater: 17 });
  });
});

describe('scenario-level results', () => {
  it('hydraulic mode requires the closure results', () => {
    expect(() => cofOf(line(), { scenario: usScenario('hydraulic') })).toThrow(/analyzeClosures/);
  });

  it('hydraulic mode prices the junctions the closure left without water', () => {
    const net = line();
    const vis = analyzeVis(net.topology, net.valves, net);
    const seg = vis.segmentation.segmentOfLink[net.topology.linkIndex.get('M2')!]!;
    const d = computeCof({
      scenario: usScenario('hydraulic'),
      pipes: [one()],
      vis,
      nodePopulation: net.nodePopulation,
      hydraulic: new Map([[seg, ['C']]]),
    }).pipes[0]!;
    expect(d.customersWithoutWater).toBe(7);
  });

  it('flags the environment row hidden for JP clients except client 47 (the value is still computed)', () => {
    const hide = (clientId: number, country: string) =>
      cofOf(line(), { client: { clientId, country } }).hideEnvironment;
    expect(hide(3, 'JP')).toBe(true);
    expect(hide(47, 'JP')).toBe(false);
    expect(hide(3, 'US')).toBe(false);
    expect(cofOf(line(), { client: { clientId: 3, country: 'JP' } }).pipes[0]!.environment).toBeGreaterThan(
      0,
    );
  });

  it('is deterministic', () => {
    expect(JSON.stringify(cofOf(line()))).toBe(JSON.stringify(cofOf(line())));
  });
});
