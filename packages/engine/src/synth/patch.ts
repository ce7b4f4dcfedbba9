// Local streets of one superblock. A lattice of lines in the patch's (u, v) square — straight for the old
// grid, curved by a smooth warp in suburbs — with some links removed and kept as cul-de-sacs (courts),
// then repaired so every street still reaches the arterials. Drawn from the patch's own random stream.
import type { Xy } from './geo.ts';
import { type Lattice, coonsPatch } from './lattice.ts';
import { streamFor, uniform } from './rng.ts';
import type { Style } from './styles.ts';

export type Side = 'B' | 'T' | 'L' | 'R';
export type LocalRoad = 'collector' | 'local';

export interface PatchEdge {
  readonly a: number;
  readonly b: number;
  readonly points: Xy[];
  /** Street line key: 'u{row}:{j}', 'v{col}:{i}' or 'c…' for a court. */
  readonly line: string;
  readonly road: LocalRoad;
  readonly court: boolean;
}

export interface PatchStreets {
  readonly nodes: Xy[];
  /** For nodes on an arterial: side and parameter t along it; null inside. */
  readonly attach: ({ side: Side; t: number } | null)[];
  readonly edges: PatchEdge[];
}

class Dsu {
  private readonly parent: number[];
  constructor(n: number) {
    this.parent = Array.from({ length: n }, (_, i) => i);
  }
  find(x: number): number {
    while (this.parent[x] !== x) x = this.parent[x] = this.parent[this.parent[x]!]!;
    return x;
  }
  union(a: number, b: number): boolean {
    const [ra, rb] = [this.find(a), this.find(b)];
    if (ra === rb) return false;
    this.parent[ra] = rb;
    return true;
  }
}

export function generatePatch(
  lattice: Lattice,
  pi: number,
  pj: number,
  baseStyle: Style,
  seed: number,
): PatchStreets {
  const random = streamFor(seed, 'patch', pi, pj);
  // Suburban tracts were laid out one by one: turn about half of them so long blocks vary in direction.
  const turn = baseStyle.warp > 0 && random() < 0.5;
  const style = turn
    ? {
        ...baseStyle,
        spacingU: baseStyle.spacingV,
        spacingV: baseStyle.spacingU,
        removeU: baseStyle.removeV,
        removeV: baseStyle.removeU,
      }
    : baseStyle;
  const coons = coonsPatch(lattice, pi, pj);
  const dist = (p: Xy, q: Xy) => Math.hypot(p[0] - q[0], p[1] - q[1]);
  const width = (dist(coons(0, 0), coons(1, 0)) + dist(coons(0, 1), coons(1, 1))) / 2;
  const height = (dist(coons(0, 0), coons(0, 1)) + dist(coons(1, 0), coons(1, 1))) / 2;
  const nu = Math.max(2, Math.round(width / style.spacingU));
  const nv = Math.max(2, Math.round(height / style.spacingV));
  const us = Array.from({ length: nu + 1 }, (_, i) =>
    i === 0 || i === nu ? i / nu : (i + uniform(random, -0.15, 0.15)) / nu,
  );
  const vs = Array.from({ length: nv + 1 }, (_, j) =>
    j === 0 || j === nv ? j / nv : (j + uniform(random, -0.15, 0.15)) / nv,
  );
  const [aU, aV] = [style.warp / nu, style.warp / nv];
  const [kU, kV] = [uniform(random, 0.5, 1.3), uniform(random, 0.5, 1.3)];
  const [phU, phV] = [random(), random()];
  const warp = (u: number, v: number): [number, number] => [
    u + aU * Math.sin(2 * Math.PI * (v * kU + phU)) * 4 * u * (1 - u),
    v + aV * Math.sin(2 * Math.PI * (u * kV + phV)) * 4 * v * (1 - v),
  ];
  const at = (u: number, v: number): Xy => coons(...warp(u, v));

  const nodes: Xy[] = [];
  const attach: ({ side: Side; t: number } | null)[] = [];
  const param: [number, number][] = [];
  const index = new Map<number, number>();
  const key = (i: number, j: number) => i * (nv + 1) + j;
  const isCorner = (i: number, j: number) => (i === 0 || i === nu) && (j === 0 || j === nv);
  for (let i = 0; i <= nu; i++) {
    for (let j = 0; j <= nv; j++) {
      if (isCorner(i, j)) continue;
      const [u, v] = [us[i]!, vs[j]!];
      const [wu, wv] = warp(u, v);
      const side: Side | null = j === 0 ? 'B' : j === nv ? 'T' : i === 0 ? 'L' : i === nu ? 'R' : null;
      index.set(key(i, j), nodes.length);
      nodes.push(coons(wu, wv));
      param.push([u, v]);
      attach.push(side === null ? null : { side, t: side === 'B' || side === 'T' ? wu : wv });
    }
  }
  interface Candidate {
    a: number;
    b: number;
    line: string;
    road: LocalRoad;
    remove: boolean;
  }
  const candidates: Candidate[] = [];
  const midU = Math.floor(nu / 2);
  const midV = Math.floor(nv / 2);
  for (let j = 1; j < nv; j++) {
    for (let i = 0; i < nu; i++) {
      const road = j === midV ? 'collector' : 'local';
      const remove = road === 'local' && random() < style.removeU * (i === 0 || i === nu - 1 ? 0.5 : 1);
      candidates.push({
        a: index.get(key(i, j))!,
        b: index.get(key(i + 1, j))!,
        line: `u${pj}:${j}`,
        road,
        remove,
      });
    }
  }
  for (let i = 1; i < nu; i++) {
    for (let j = 0; j < nv; j++) {
      const road = i === midU ? 'collector' : 'local';
      const remove = road === 'local' && random() < style.removeV * (j === 0 || j === nv - 1 ? 0.5 : 1);
      candidates.push({
        a: index.get(key(i, j))!,
        b: index.get(key(i, j + 1))!,
        line: `v${pi}:${i}`,
        road,
        remove,
      });
    }
  }
  // Nodes on the arterials are already connected to each other through them: one virtual component.
  const dsu = new Dsu(nodes.length + 1);
  attach.forEach((a, n) => a && dsu.union(n, nodes.length));
  for (const c of candidates) if (!c.remove) dsu.union(c.a, c.b);
  for (const c of candidates) if (c.remove && dsu.union(c.a, c.b)) c.remove = false;

  const samples = style.warp > 0 ? 4 : 0;
  const path = (a: number, b: number, upTo: number): Xy[] => {
    const [pa, pb] = [param[a]!, param[b]!];
    const points: Xy[] = [nodes[a]!];
    for (let s = 1; s <= samples + 1; s++) {
      const f = (s / (samples + 1)) * upTo;
      points.push(at(pa[0] + (pb[0] - pa[0]) * f, pa[1] + (pb[1] - pa[1]) * f));
    }
    if (upTo === 1) points[points.length - 1] = nodes[b]!;
    return points;
  };
  const edges: PatchEdge[] = [];
  for (const c of candidates) {
    if (!c.remove) {
      edges.push({ a: c.a, b: c.b, points: path(c.a, c.b, 1), line: c.line, road: c.road, court: false });
      continue;
    }
    if (random() >= style.courtShare) continue;
    const [from, to] = random() < 0.5 ? [c.a, c.b] : [c.b, c.a];
    if (attach[from]) continue;
    const points = path(from, to, uniform(random, 0.45, 0.6));
    const end = nodes.length;
    nodes.push(points[points.length - 1]!);
    attach.push(null);
    param.push([0, 0]);
    edges.push({ a: from, b: end, points, line: `c${pi},${pj}:${edges.length}`, road: 'local', court: true });
  }
  return { nodes, attach, edges };
}
