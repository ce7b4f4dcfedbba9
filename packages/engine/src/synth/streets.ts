// The street graph of the town: superblocks are added in order of (noisy) distance from the centre until
// the pipe count they bring reaches the target, then arterial nodes are merged where streets from both
// sides meet them and everything is joined into one graph in metres.
import { assemble } from './assemble.ts';
import { fitPieces } from './fit-pieces.ts';
import { type Xy, polylineLength } from './geo.ts';
import { SUPERBLOCK_M, createLattice, type Lattice } from './lattice.ts';
import { fbm } from './noise.ts';
import { type PatchStreets, generatePatch } from './patch.ts';
import { type SideData, piecesFor, sideKey, sidePipes } from './sides.ts';
import { intBetween, streamFor } from './rng.ts';
import { STYLES, type StyleName, styleAt } from './styles.ts';
import { elevationM } from './terrain.ts';

export type RoadType = 'arterial' | 'collector' | 'local';

export interface StreetEdge {
  readonly a: number;
  readonly b: number;
  readonly points: Xy[];
  readonly road: RoadType;
  readonly line: string;
  /** Patch whose era the street takes (for arterials, the older neighbour). */
  readonly patch: number;
  readonly court: boolean;
  /** Pipes laid along this link (see fitPieces). */
  pieces: number;
}

export interface PatchInfo {
  readonly i: number;
  readonly j: number;
  readonly style: StyleName;
  readonly devYear: number;
  readonly center: Xy;
}

export interface StreetGraph {
  readonly lattice: Lattice;
  readonly nodes: Xy[];
  readonly edges: StreetEdge[];
  readonly patches: PatchInfo[];
  /** Patch each node belongs to (for arterial nodes, the side's older neighbour). */
  readonly nodePatch: number[];
}

/** Rough pipes per km² of town, only to place the neighbourhood rings before the real count. */
const PIPES_PER_KM2 = 110;

export { MAX_PIPE_M, piecesFor } from './sides.ts';

export function buildStreets(seed: number, targetPipes: number): StreetGraph {
  const lattice = createLattice(seed);
  const radiusM = Math.sqrt(targetPipes / PIPES_PER_KM2 / Math.PI) * 1000;
  const reach = Math.ceil((radiusM * 1.8) / SUPERBLOCK_M) + 1;
  const candidates: { i: number; j: number; priority: number; center: Xy }[] = [];
  for (let i = -reach; i < reach; i++) {
    for (let j = -reach; j < reach; j++) {
      const [a, b, c, d] = [
        lattice.corner(i, j),
        lattice.corner(i + 1, j),
        lattice.corner(i, j + 1),
        lattice.corner(i + 1, j + 1),
      ];
      const center: Xy = [(a[0] + b[0] + c[0] + d[0]) / 4, (a[1] + b[1] + c[1] + d[1]) / 4];
      const r = Math.hypot(center[0], center[1]);
      const angle = Math.atan2(center[1], center[0]);
      const shape =
        1 + 0.7 * (fbm(seed ^ 0xb0d7, Math.cos(angle) * 1.3 + 5, Math.sin(angle) * 1.3 + 5, 2) - 0.5);
      candidates.push({ i, j, priority: r / shape + (i + reach) * 1e-9 + (j + reach) * 1e-12, center });
    }
  }
  candidates.sort((p, q) => p.priority - q.priority);

  const patches: PatchInfo[] = [];
  const streets: PatchStreets[] = [];
  const sides = new Map<string, SideData>();
  const corners = new Set<string>();
  let total = 0;
  for (const cand of candidates) {
    const { i, j, center } = cand;
    const cornerKeys = [`${i},${j}`, `${i + 1},${j}`, `${i},${j + 1}`, `${i + 1},${j + 1}`];
    if (patches.length > 0 && !cornerKeys.some((k) => corners.has(k))) continue;
    const random = streamFor(seed, 'patch-style', i, j);
    const elevation = elevationM(seed, center[0], center[1]);
    const style = STYLES[styleAt(Math.hypot(center[0], center[1]) / radiusM, elevation, random())];
    const local = generatePatch(lattice, i, j, style, seed);
    const used = new Set(local.edges.flatMap((e) => [e.a, e.b]));
    let delta = local.edges.reduce((s, e) => s + piecesFor(polylineLength(e.points)), 0);
    const touched: [SideData, number[]][] = [];
    for (const side of ['B', 'T', 'L', 'R'] as const) {
      const key = sideKey(side, i, j);
      const existing = sides.get(key);
      const [kind, si, sj] =
        side === 'B'
          ? ['H', i, j]
          : side === 'T'
            ? ['H', i, j + 1]
            : side === 'L'
              ? ['V', i, j]
              : ['V', i + 1, j];
      const data: SideData = existing ?? {
        kind: kind as 'H' | 'V',
        i: si as number,
        j: sj as number,
        lengthM: polylineLength(
          Array.from({ length: 17 }, (_, k) =>
            lattice.arterial(kind as 'H' | 'V', si as number, sj as number, k / 16),
          ),
        ),
        ts: [],
        olderPatch: patches.length,
      };
      const ts = local.attach.flatMap((at, n) => (at && at.side === side && used.has(n) ? [at.t] : []));
      const before = existing ? sidePipes(existing) : 0;
      delta += sidePipes({ ...data, ts: [...data.ts, ...ts] }) - before;
      touched.push([data, ts]);
    }
    if (patches.length > 0 && Math.abs(total + delta - targetPipes) >= Math.abs(total - targetPipes)) break;
    total += delta;
    const devYear = intBetween(random, style.eraFrom, style.eraTo);
    for (const [data, ts] of touched) {
      data.ts.push(...ts);
      const key = `${data.kind}${data.i},${data.j}`;
      if (!sides.has(key)) sides.set(key, data);
      else if (devYear < patches[data.olderPatch]!.devYear) data.olderPatch = patches.length;
    }
    cornerKeys.forEach((k) => corners.add(k));
    patches.push({ i, j, style: style.name, devYear, center });
    streets.push(local);
  }
  const graph = assemble(lattice, patches, streets, sides);
  fitPieces(graph.edges, targetPipes);
  return graph;
}
