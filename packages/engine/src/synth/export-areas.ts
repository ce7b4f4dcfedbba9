// Town → areal layers and point facilities in lon/lat: population regions with projections, districts,
// mesh, supply areas per pressure zone, critical facilities and drains.
import {
  POPULATION_YEARS,
  populationCells,
  projectPopulation,
  spreadPoints,
  squareCells,
  voronoiCells,
} from './areas.ts';
import { nodeIdOf, zoneId } from './export-network.ts';
import type { Frame, Xy } from './geo.ts';
import { type FacilityType, districtName, facilityName } from './names.ts';
import { streamFor, uniform } from './rng.ts';
import type { StyleName } from './styles.ts';
import type { Town } from './town.ts';
import type { SynthArea, SynthFacility, SynthPointAsset, SynthPopulationRegion } from './types.ts';

const ring = (frame: Frame, points: readonly Xy[]) => points.map(([x, y]) => frame.toLonLat(x, y));
const closed = (points: Xy[]) => [...points, points[0]!];

export function exportPopulation(town: Town, frame: Frame): SynthPopulationRegion[] {
  const { net, streets } = town;
  const cells = populationCells(
    town.seed,
    frame,
    streets.lattice,
    net.nodes,
    town.residents,
    town.nodeGrowth,
  );
  const { axisU: u, axisV: v } = streets.lattice;
  const styleVotes = new Map<string, Map<StyleName, number>>();
  net.nodes.forEach(([x, y], n) => {
    const key = `${Math.floor((x * u[0] + y * u[1]) / 400)},${Math.floor((x * v[0] + y * v[1]) / 400)}`;
    const votes = styleVotes.get(key) ?? new Map<StyleName, number>();
    const style = streets.patches[net.nodePatch[n]!]!.style;
    votes.set(style, (votes.get(style) ?? 0) + town.residents[n]!);
    styleVotes.set(key, votes);
  });
  return cells.map((cell, k) => {
    const votes = [...styleVotes.get(`${cell.a},${cell.b}`)!].sort((p, q) => q[1] - p[1]);
    return {
      id: String(k + 1),
      nativeId: `BLK_${cell.a}_${cell.b}`,
      geometry: { type: 'Polygon', coordinates: [cell.ring] },
      neighbourhood: votes[0]![0],
      growthRate: cell.growth,
      ...projectPopulation(cell.population, cell.growth),
    };
  });
}

export { POPULATION_YEARS };

function bounds(points: readonly Xy[], margin: number): [number, number, number, number] {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of points)
    [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
  return [x0 - margin, y0 - margin, x1 + margin, y1 + margin];
}

export function exportDistricts(town: Town, frame: Frame): SynthArea[] {
  const centers = town.streets.patches.map((p) => p.center);
  const count = Math.max(4, Math.min(12, Math.round(centers.length / 30)));
  const seeds = spreadPoints(centers, count);
  return voronoiCells(seeds, bounds(town.net.nodes, 300)).map((cell, k) => ({
    id: String(k + 1),
    nativeId: `D${k + 1}`,
    name: districtName(k),
    geometry: { type: 'Polygon', coordinates: [ring(frame, closed(cell))] },
  }));
}

export function exportMesh(town: Town, frame: Frame, sizeM = 500): SynthArea[] {
  return squareCells(town.net.nodes, sizeM, () => 0).map((c, k) => ({
    id: String(k + 1),
    nativeId: `M${c.col}_${c.row}`,
    name: `Mesh ${c.col},${c.row}`,
    geometry: { type: 'Polygon', coordinates: [ring(frame, c.square)] },
  }));
}

export function exportSupplyAreas(town: Town, frame: Frame): SynthArea[] {
  const cells = squareCells(town.net.nodes, 250, (n) => town.zoning.zone[n]!);
  const zones = [...new Set(cells.map((c) => c.label))].sort((a, b) => a - b);
  return zones.map((zone) => ({
    id: String(zone),
    nativeId: zoneId(zone),
    name: `Pressure zone ${zone}`,
    geometry: {
      type: 'MultiPolygon',
      coordinates: cells.filter((c) => c.label === zone).map((c) => [ring(frame, c.square)]),
    },
  }));
}

/** Facilities per 20,000 pipes (a town of roughly 300,000 people). */
const FACILITIES: readonly [FacilityType, number, boolean][] = [
  // type, count per 20k pipes, prefers older central areas
  ['hospital', 3, true],
  ['school', 24, false],
  ['fire_station', 8, false],
  ['police', 3, true],
  ['nursing_home', 8, false],
  ['dialysis_centre', 3, true],
  ['university', 1, false],
  ['government', 4, true],
];

export function exportFacilities(town: Town, frame: Frame, targetPipes: number): SynthFacility[] {
  const { net, streets } = town;
  const junctions = net.nodes
    .map((_, n) => n)
    .filter((n) => !town.sourceNodes.includes(n) && net.incident[n]!.length >= 3);
  const central = junctions.filter((n) =>
    ['downtown', 'postwar'].includes(streets.patches[net.nodePatch[n]!]!.style),
  );
  const out: SynthFacility[] = [];
  FACILITIES.forEach(([type, per20k, prefersCentre], t) => {
    const count = Math.max(1, Math.round((per20k * targetPipes) / 20_000));
    const pool = prefersCentre && central.length > 0 ? central : junctions;
    for (let k = 0; k < count; k++) {
      const random = streamFor(town.seed, 'facility', t, k);
      const n = pool[Math.floor(random() * pool.length)]!;
      const angle = uniform(random, 0, 2 * Math.PI);
      const [x, y] = net.nodes[n]!;
      out.push({
        id: `CF-${out.length + 1}`,
        type,
        name:
          type === 'government' && k === 0 ? 'City Hall' : facilityName(type, k, `${town.seed}:${t}:${k}`),
        geometry: {
          type: 'Point',
          coordinates: frame.toLonLat(x + 30 * Math.cos(angle), y + 30 * Math.sin(angle)),
        },
        nodeId: nodeIdOf(town, n),
      });
    }
  });
  return out;
}

/** Blow-off drains at the lowest dead ends of the network. */
export function exportDrains(town: Town, frame: Frame, count: number): SynthPointAsset[] {
  const { net, zoning } = town;
  const ends = net.nodes
    .map((_, n) => n)
    .filter((n) => net.incident[n]!.length === 1 && !town.sourceNodes.includes(n));
  ends.sort((a, b) => zoning.elevationM[a]! - zoning.elevationM[b]! || a - b);
  return ends.slice(0, count).map((n, k) => ({
    id: `DR-${k + 1}`,
    name: `Blow-off ${k + 1}`,
    geometry: { type: 'Point', coordinates: frame.toLonLat(...net.nodes[n]!) },
    nodeId: nodeIdOf(town, n),
  }));
}
