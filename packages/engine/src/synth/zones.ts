// Pressure zones by ground elevation, as hill towns are zoned: each zone has a hydraulic grade line
// (HGL) and serves ground between about 28 m and 80–100 m below it (≈ 275–980 kPa static). Pockets of a
// zone that are not connected to the rest of it join the neighbouring zone, so every zone is one
// connected area fed by its own source: the plant (pumped) for the lowest, tanks on the hills above.
import type { Xy } from './geo.ts';
import type { PipeNet } from './network.ts';
import { elevationM } from './terrain.ts';

/** HGL of zones 1, 2 and 3 in metres above datum. */
export const ZONE_HGL_M = [80, 150, 230] as const;
/** Lowest pressure head wanted in a zone: ground above HGL − this belongs to the next zone up. */
const MIN_HEAD_M = 28;
export const KPA_PER_M = 9.80665;

export interface Zoning {
  readonly elevationM: number[];
  /** Zone 1…zoneCount of each node. */
  readonly zone: number[];
  readonly zoneCount: number;
}

function componentsWithin(net: PipeNet, zone: number[], z: number): number[][] {
  const seen = new Uint8Array(net.nodes.length);
  const out: number[][] = [];
  for (let start = 0; start < net.nodes.length; start++) {
    if (seen[start] || zone[start] !== z) continue;
    const component = [start];
    seen[start] = 1;
    for (let k = 0; k < component.length; k++) {
      for (const p of net.incident[component[k]!]!) {
        const pipe = net.pipes[p]!;
        const other = pipe.a === component[k] ? pipe.b : pipe.a;
        if (!seen[other] && zone[other] === z) {
          seen[other] = 1;
          component.push(other);
        }
      }
    }
    out.push(component);
  }
  return out;
}

export function zoneNetwork(seed: number, net: PipeNet): Zoning {
  const elevation = net.nodes.map(([x, y]) => Math.round(elevationM(seed, x, y) * 100) / 100);
  const zone = elevation.map((e) => 1 + ZONE_HGL_M.slice(0, 2).filter((h) => e >= h - MIN_HEAD_M).length);
  const zoneCount = Math.max(...zone);
  for (let round = 0; round < 8; round++) {
    let changed = false;
    for (let z = 1; z <= zoneCount; z++) {
      const parts = componentsWithin(net, zone, z).sort((p, q) => q.length - p.length || p[0]! - q[0]!);
      for (const part of parts.slice(1)) {
        const votes = new Map<number, number>();
        for (const n of part) {
          for (const p of net.incident[n]!) {
            const pipe = net.pipes[p]!;
            const other = pipe.a === n ? pipe.b : pipe.a;
            if (zone[other] !== z) votes.set(zone[other]!, (votes.get(zone[other]!) ?? 0) + 1);
          }
        }
        const target = [...votes].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0];
        if (target === undefined) continue;
        for (const n of part) zone[n] = target;
        changed = true;
      }
    }
    if (!changed) break;
  }
  return { elevationM: elevation, zone, zoneCount: Math.max(...zone) };
}

export interface SourceSite {
  readonly kind: 'plant' | 'tank';
  readonly zone: number;
  /** Network node it feeds. */
  readonly node: number;
  readonly site: Xy;
  readonly groundElevationM: number;
}

/** Plant on the bay side of zone 1; two tanks on the highest ground of the upper zones. */
export function placeSources(
  seed: number,
  net: PipeNet,
  zoning: Zoning,
  arterialNode: (n: number) => boolean,
): SourceSite[] {
  const outward = (n: number, distance: number): Xy => {
    const [x, y] = net.nodes[n]!;
    const r = Math.hypot(x, y) || 1;
    return [x + (x / r) * distance, y + (y / r) * distance];
  };
  const site = (kind: 'plant' | 'tank', node: number, distance: number): SourceSite => {
    const point = outward(node, distance);
    const ground = Math.round(elevationM(seed, point[0], point[1]) * 100) / 100;
    return { kind, zone: zoning.zone[node]!, node, site: point, groundElevationM: ground };
  };
  /** Highest-scoring node passing the first filter that any node passes. */
  const best = (score: (n: number) => number, ...filters: ((n: number) => boolean)[]) => {
    for (const ok of filters) {
      let found = -1;
      for (let n = 0; n < net.nodes.length; n++)
        if (ok(n) && (found < 0 || score(n) > score(found))) found = n;
      if (found >= 0) return found;
    }
    return 0;
  };
  const inZone = (z: number) => (n: number) => zoning.zone[n] === z;
  const plant = best(
    (n) => net.nodes[n]![1] + 0.5 * net.nodes[n]![0],
    (n) => inZone(1)(n) && arterialNode(n),
    inZone(1),
  );
  const topZone = zoning.zoneCount;
  const lowerTankZone = zoning.zone.includes(2) ? 2 : topZone;
  const high = (n: number) => zoning.elevationM[n]! - 0.002 * net.nodes[n]![0];
  const tankA = best(high, (n) => inZone(topZone)(n) && arterialNode(n), inZone(topZone));
  const [ax, ay] = net.nodes[tankA]!;
  const far = (n: number) => Math.hypot(net.nodes[n]![0] - ax, net.nodes[n]![1] - ay) > 1500;
  const other = (n: number) => n !== tankA && n !== plant;
  const tankB = best(
    high,
    (n) => inZone(lowerTankZone)(n) && other(n) && arterialNode(n) && far(n),
    (n) => inZone(lowerTankZone)(n) && other(n),
    other,
  );
  return [site('plant', plant, 250), site('tank', tankA, 150), site('tank', tankB, 150)];
}
