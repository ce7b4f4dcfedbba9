// Town (metres) → exported pipes, nodes, streets, valves and hydrants (lon/lat, ids, attributes).
import { blockNumber, streetNameOf } from './addresses.ts';
import { type Frame, type LonLat, geodesicLengthM } from './geo.ts';
import type { MissingMask } from './missing.ts';
import type { Town } from './town.ts';
import type { SynthNode, SynthPipe, SynthPointAsset, SynthStreet, SynthValve } from './types.ts';
import { placeHydrants, placeValves } from './valves.ts';

const pad = (n: number) => String(n).padStart(6, '0');
export const pipeIdOf = (p: number) => `WM-${pad(p + 1)}`;
export const zoneId = (zone: number) => `PZ${zone}`;

export function nodeIdOf(town: Town, n: number): string {
  const k = town.sourceNodes.indexOf(n);
  if (k < 0) return `J${n + 1}`;
  return k === 0 ? 'PLANT-OUT' : `T${k}`;
}

export function exportStreets(town: Pick<Town, 'streets'>, frame: Frame): SynthStreet[] {
  const { streets } = town;
  return streets.edges.map((edge, s) => ({
    id: `S${s + 1}`,
    name: streetNameOf(streets, edge),
    roadType: edge.road,
    neighbourhood: streets.patches[edge.patch]!.style,
    culDeSac: edge.court,
    geometry: { type: 'LineString', coordinates: edge.points.map(([x, y]) => frame.toLonLat(x, y)) },
  }));
}

export function exportPipes(
  town: Town,
  frame: Frame,
  mask: MissingMask,
  breakCount: readonly number[],
): SynthPipe[] {
  const { net, streets, truth, zoning } = town;
  return net.pipes.map((pipe, p) => {
    const coordinates: LonLat[] = pipe.points.map(([x, y]) => frame.toLonLat(x, y));
    const edge = pipe.street >= 0 ? streets.edges[pipe.street]! : null;
    const mid = pipe.points[Math.floor(pipe.points.length / 2)]!;
    const source = town.sourceNodes.indexOf(pipe.a);
    const address = edge
      ? `${blockNumber(streets, edge, mid)} ${streetNameOf(streets, edge)}`
      : `${source === 0 ? '1 Plant Rd' : `${source} Tank Hill Rd`}`;
    const t = truth[p]!;
    const zone = Math.min(zoning.zone[pipe.a]!, zoning.zone[pipe.b]!);
    return {
      id: String(p + 1),
      nativePipeId: pipeIdOf(p),
      geometry: { type: 'LineString', coordinates },
      lengthM: Math.round(geodesicLengthM(coordinates) * 100) / 100,
      diameterMm: mask.diameter[p] ? null : t.diameterMm,
      installYear: mask.installYear[p] ? null : t.installYear,
      materialTypeCode: mask.material[p] ? null : t.material,
      address,
      roadType: pipe.road,
      pipeClass: town.main[p] ? 'transmission' : 'distribution',
      neighbourhood: streets.patches[pipe.patch]!.style,
      pressureZone: zoneId(zone),
      staticPressureKpa: Math.round((town.pressureKpa[pipe.a]! + town.pressureKpa[pipe.b]!) / 2),
      soilCorrosivity: town.soil[p]!,
      fromNode: nodeIdOf(town, pipe.a),
      toNode: nodeIdOf(town, pipe.b),
      closed: zoning.zone[pipe.a] !== zoning.zone[pipe.b],
      breakCount: breakCount[p]!,
    };
  });
}

/** Residential demand: 300 L per resident per day (≈ 80 US gal, a typical Californian figure). */
export const LITRES_PER_RESIDENT_DAY = 300;

export function exportNodes(town: Town, frame: Frame): SynthNode[] {
  return town.net.nodes.map(([x, y], n) => {
    const k = town.sourceNodes.indexOf(n);
    const residents = town.residents[n]!;
    return {
      id: nodeIdOf(town, n),
      kind: k > 0 ? 'tank' : 'junction',
      coordinates: frame.toLonLat(x, y),
      elevationM: town.zoning.elevationM[n]!,
      demandLps: Math.round(((residents * LITRES_PER_RESIDENT_DAY) / 86_400) * 10_000) / 10_000,
      population: residents,
      pressureZone: zoneId(town.zoning.zone[n]!),
    };
  });
}

export function exportValves(town: Town, frame: Frame, lastYear: number): SynthValve[] {
  const years = town.truth.map((t) => t.installYear);
  return placeValves(town.seed, town.net, town.zoning.zone, years, lastYear).map((v, k) => {
    const t = town.truth[v.pipe]!;
    return {
      id: String(k + 1),
      nativeValveId: `V-${pad(k + 1)}`,
      pipeId: String(v.pipe + 1),
      nativePipeId: pipeIdOf(v.pipe),
      nodeId: nodeIdOf(town, v.node),
      geometry: { type: 'Point', coordinates: frame.toLonLat(...v.position) },
      installYear: t.installYear,
      diameterMm: t.diameterMm,
      valveType: t.diameterMm >= 400 ? 'butterfly' : 'gate',
      operable: v.operable,
      normallyClosed: v.normallyClosed,
    };
  });
}

export function exportHydrants(town: Town, frame: Frame): SynthPointAsset[] {
  return placeHydrants(town.seed, town.net).map((h, k) => ({
    id: `H-${pad(k + 1)}`,
    name: `Hydrant ${k + 1}`,
    geometry: { type: 'Point', coordinates: frame.toLonLat(...h.position) },
    pipeId: String(h.pipe + 1),
  }));
}
