// The town in metres, before export: streets → pipes → pressure zones → sources → mains → attributes →
// residents. Source connections (plant outlet, tanks) are appended as transmission pipes.
import { type PipeTruth, pipeAttributes } from './attributes.ts';
import { type Xy, polylineLength } from './geo.ts';
import { mainSizes } from './mains.ts';
import { type PipeNet, splitIntoPipes } from './network.ts';
import { streamFor, uniform } from './rng.ts';
import { type StreetGraph, buildStreets } from './streets.ts';
import { STYLES } from './styles.ts';
import { elevationM, soilCorrosivity } from './terrain.ts';
import { KPA_PER_M, type SourceSite, ZONE_HGL_M, type Zoning, placeSources, zoneNetwork } from './zones.ts';

export interface Town {
  readonly seed: number;
  readonly streets: StreetGraph;
  readonly net: PipeNet;
  readonly zoning: Zoning;
  readonly sources: readonly SourceSite[];
  /** Node index of each source (appended after the street nodes). */
  readonly sourceNodes: readonly number[];
  readonly truth: readonly PipeTruth[];
  readonly pipeLengthM: readonly number[];
  readonly main: readonly boolean[];
  readonly soil: readonly (1 | 2 | 3 | 4)[];
  readonly pressureKpa: readonly number[];
  readonly residents: readonly number[];
  readonly nodeGrowth: readonly number[];
}

/** Residents per 100 m of street served, by neighbourhood (≈ 250–600 people per km of main). */
const RESIDENTS_PER_100M = { downtown: 60, postwar: 36, suburban: 30, subdivision: 27 } as const;

function appendSources(net: PipeNet, zoning: Zoning, sources: readonly SourceSite[]): number[] {
  return sources.map((s) => {
    const node = net.nodes.length;
    net.nodes.push(s.site);
    net.nodePatch.push(net.nodePatch[s.node]!);
    net.incident.push([]);
    zoning.elevationM.push(s.groundElevationM);
    zoning.zone.push(zoning.zone[s.node]!);
    const from = net.nodes[s.node]!;
    const mid: Xy = [(from[0] + s.site[0]) / 2 + 8, (from[1] + s.site[1]) / 2 - 8];
    const p = net.pipes.length;
    net.pipes.push({
      a: node,
      b: s.node,
      points: [s.site, mid, from],
      street: -1,
      road: 'arterial',
      patch: net.nodePatch[s.node]!,
    });
    net.incident[node]!.push(p);
    net.incident[s.node]!.push(p);
    return node;
  });
}

/** The street graph of a town of `targetPipes` pipes: the plant and the two tanks each add one connecting main. */
export const townStreets = (seed: number, targetPipes: number): StreetGraph =>
  buildStreets(seed, targetPipes - 3);

export function buildTown(seed: number, targetPipes: number, lastYear: number): Town {
  const streets = townStreets(seed, targetPipes);
  const net = splitIntoPipes(seed, streets);
  const zoning = zoneNetwork(seed, net);
  const arterialNode = (n: number) => net.incident[n]!.some((p) => net.pipes[p]!.road === 'arterial');
  const sources = placeSources(seed, net, zoning, arterialNode);
  const sourceNodes = appendSources(net, zoning, sources);
  const pipeLengthM = net.pipes.map((p) => polylineLength(p.points));
  const inches = mainSizes(net, sourceNodes, (p) => pipeLengthM[p]!);
  sourceNodes.forEach((node, k) => {
    inches[net.incident[node]![0]!] = k === 0 ? 24 : 16;
  });
  const truth = pipeAttributes(seed, streets, net, inches, lastYear);
  const soil = net.pipes.map((p) => {
    const [x, y] = p.points[Math.floor(p.points.length / 2)]!;
    return soilCorrosivity(seed, x, y, elevationM(seed, x, y));
  });
  const pressureKpa = net.nodes.map((_, n) => {
    const head = ZONE_HGL_M[zoning.zone[n]! - 1]! - zoning.elevationM[n]!;
    return Math.round(Math.max(0, head) * KPA_PER_M);
  });
  const random = streamFor(seed, 'residents');
  const residents = net.nodes.map((_, n) => {
    const style = streets.patches[net.nodePatch[n]!]!.style;
    let frontage = 0;
    for (const p of net.incident[n]!)
      frontage += (net.pipes[p]!.road === 'arterial' ? 0.15 : 0.5) * pipeLengthM[p]!;
    if (sourceNodes.includes(n)) return 0;
    return Math.round(RESIDENTS_PER_100M[style] * (frontage / 100) * uniform(random, 0.6, 1.4) * 10) / 10;
  });
  const nodeGrowth = net.nodes.map((_, n) => STYLES[streets.patches[net.nodePatch[n]!]!.style].growth);
  return {
    seed,
    streets,
    net,
    zoning,
    sources,
    sourceNodes,
    truth,
    pipeLengthM,
    main: inches.map((i) => i > 0),
    soil,
    pressureKpa,
    residents,
    nodeGrowth,
  };
}
