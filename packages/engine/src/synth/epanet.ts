// EPANET model of the same network (SI: LPS, metres, millimetres, Hazen-Williams): junctions with
// residential demand, the plant as a reservoir (clear well) with a pump into zone 1, two tanks on the
// hills for the upper zones, every pipe with a roughness by material and age, zone boundary pipes
// CLOSED, coordinates and vertices in lon/lat degrees.
import type { InpModel, InpPoint } from '../epanet/inp-types.ts';
import { hazenWilliamsC } from './materials.ts';
import type { SynthNode, SynthPipe } from './types.ts';
import type { Town } from './town.ts';
import { ZONE_HGL_M } from './zones.ts';

export const PLANT_RESERVOIR_ID = 'PLANT';
const TANK_MAX_LEVEL_M = 10;

export function buildEpanetModel(
  town: Town,
  nodes: readonly SynthNode[],
  pipes: readonly SynthPipe[],
  lastYear: number,
  title: string,
): InpModel {
  const junctions = nodes.filter((n) => n.kind === 'junction');
  const tanks = nodes.filter((n) => n.kind === 'tank');
  const plant = town.sources[0]!;
  const plantOut = nodes[town.sourceNodes[0]!]!;
  const plantHead = Math.round((plant.groundElevationM + 3) * 100) / 100;
  const zone1Demand = junctions.filter((j) => j.pressureZone === 'PZ1').reduce((s, j) => s + j.demandLps, 0);
  const designFlow = Math.max(1, Math.round(zone1Demand * 1.5));
  const pumpHead = Math.max(5, Math.round(ZONE_HGL_M[0] + 5 - plantHead));
  const vertices: Record<string, InpPoint[]> = {};
  for (const p of pipes) {
    const inner = p.geometry.coordinates.slice(1, -1);
    if (inner.length > 0) vertices[p.nativePipeId] = inner.map(([x, y]) => ({ x, y }));
  }
  return {
    title: [title],
    options: { flowUnits: 'LPS', unitSystem: 'SI', headloss: 'H-W', raw: { UNITS: 'LPS', HEADLOSS: 'H-W' } },
    junctions: junctions.map((j) => ({
      id: j.id,
      elevationM: j.elevationM,
      baseDemand: j.demandLps,
      baseDemandLps: j.demandLps,
      patternId: null,
    })),
    reservoirs: [{ id: PLANT_RESERVOIR_ID, headM: plantHead, patternId: null }],
    tanks: tanks.map((t, k) => {
      const zone = town.zoning.zone[town.sourceNodes[k + 1]!]!;
      // The tank's full level is at its zone's HGL (an elevated tank, or a buried one on higher ground).
      const bottom = ZONE_HGL_M[zone - 1]! - TANK_MAX_LEVEL_M + 2;
      return {
        id: t.id,
        elevationM: Math.round(bottom * 100) / 100,
        initLevelM: 6,
        minLevelM: 0.5,
        maxLevelM: TANK_MAX_LEVEL_M,
        diameterM: 30,
        minVolumeM3: 0,
        volumeCurveId: null,
      };
    }),
    pipes: pipes.map((p, i) => {
      const truth = town.truth[i]!;
      return {
        id: p.nativePipeId,
        node1: p.fromNode,
        node2: p.toNode,
        lengthM: p.lengthM,
        diameterMm: truth.diameterMm,
        roughness: hazenWilliamsC(truth.material, lastYear - truth.installYear),
        minorLoss: 0,
        status: p.closed ? 'CLOSED' : 'OPEN',
      };
    }),
    pumps: [
      {
        id: 'PUMP-PLANT',
        node1: PLANT_RESERVOIR_ID,
        node2: plantOut.id,
        headCurveId: 'PLANT-CURVE',
        powerKw: null,
        speed: null,
        patternId: null,
      },
    ],
    valves: [],
    demands: [],
    status: [],
    coordinates: [
      ...nodes.map((n) => ({ nodeId: n.id, x: n.coordinates[0], y: n.coordinates[1] })),
      { nodeId: PLANT_RESERVOIR_ID, x: plantOut.coordinates[0], y: plantOut.coordinates[1] },
    ],
    vertices,
    tags: [],
    otherSections: { CURVES: [` PLANT-CURVE\t${designFlow}\t${pumpHead}`] },
  };
}
