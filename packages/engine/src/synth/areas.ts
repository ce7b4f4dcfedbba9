// Areal layers: population regions (census-block-like cells turned with the street lattice), named
// districts (Voronoi cells of well-spread superblocks), a regular 500 m mesh and one supply area per
// pressure zone. Geometry is built in metres and returned as lon/lat rings (first point repeated).
import type { Frame, LonLat, Xy } from './geo.ts';
import type { Lattice } from './lattice.ts';
import { normal, streamFor } from './rng.ts';

export type Ring = LonLat[];

export const POPULATION_YEARS = [2025, 2030, 2035, 2040, 2045, 2050] as const;
export const POPULATION_BASE_YEAR = 2025;
const REGION_M = 400;

export interface PopulationCell {
  readonly a: number;
  readonly b: number;
  readonly ring: Ring;
  readonly population: number;
  readonly growth: number;
}

/** Cells of REGION_M along the lattice axes holding the residents of their nodes. */
export function populationCells(
  seed: number,
  frame: Frame,
  lattice: Lattice,
  nodes: readonly Xy[],
  residents: readonly number[],
  nodeGrowth: readonly number[],
): PopulationCell[] {
  const { axisU: u, axisV: v } = lattice;
  const cells = new Map<string, { a: number; b: number; people: number; growth: number }>();
  nodes.forEach(([x, y], n) => {
    const a = Math.floor((x * u[0] + y * u[1]) / REGION_M);
    const b = Math.floor((x * v[0] + y * v[1]) / REGION_M);
    const key = `${a},${b}`;
    const cell = cells.get(key) ?? { a, b, people: 0, growth: 0 };
    cell.people += residents[n]!;
    cell.growth += residents[n]! * nodeGrowth[n]!;
    cells.set(key, cell);
  });
  const corner = (a: number, b: number): LonLat => {
    const [p, q] = [a * REGION_M, b * REGION_M];
    return frame.toLonLat(p * u[0] + q * v[0], p * u[1] + q * v[1]);
  };
  return [...cells.values()]
    .filter((c) => c.people >= 1)
    .sort((p, q) => p.b - q.b || p.a - q.a)
    .map(({ a, b, people, growth }) => {
      const noise = normal(streamFor(seed, 'growth', a, b)) * 0.003;
      return {
        a,
        b,
        ring: [corner(a, b), corner(a + 1, b), corner(a + 1, b + 1), corner(a, b + 1), corner(a, b)],
        population: Math.round(people),
        growth: Math.round((growth / people + noise) * 10000) / 10000,
      };
    });
}

/** Population by year with compound growth from the base year; rate of change in % against it. */
export function projectPopulation(base: number, growth: number) {
  const population: Record<string, number> = {};
  const rateOfChange: Record<string, number> = {};
  for (const year of POPULATION_YEARS) {
    const value = Math.round(base * Math.pow(1 + growth, year - POPULATION_BASE_YEAR));
    population[year] = value;
    if (year !== POPULATION_BASE_YEAR)
      rateOfChange[year] = base > 0 ? Math.round((value / base - 1) * 10000) / 100 : 0;
  }
  return { population, rateOfChange };
}

/** Convex polygon clipped by the half-plane closer to `p` than to `q` (Sutherland–Hodgman). */
function clipCloser(poly: Xy[], p: Xy, q: Xy): Xy[] {
  const [nx, ny] = [q[0] - p[0], q[1] - p[1]];
  const c = (nx * (p[0] + q[0]) + ny * (p[1] + q[1])) / 2;
  const side = (s: Xy) => nx * s[0] + ny * s[1] - c;
  const out: Xy[] = [];
  poly.forEach((s, i) => {
    const e = poly[(i + 1) % poly.length]!;
    const [ds, de] = [side(s), side(e)];
    if (ds <= 0) out.push(s);
    if (ds * de < 0) {
      const t = ds / (ds - de);
      out.push([s[0] + (e[0] - s[0]) * t, s[1] + (e[1] - s[1]) * t]);
    }
  });
  return out;
}

/** Voronoi cells of the seeds inside the box [minX, minY, maxX, maxY]. */
export function voronoiCells(seeds: readonly Xy[], box: readonly [number, number, number, number]): Xy[][] {
  const [x0, y0, x1, y1] = box;
  return seeds.map((p, i) =>
    seeds.reduce<Xy[]>(
      (poly, q, j) => (i === j ? poly : clipCloser(poly, p, q)),
      [
        [x0, y0],
        [x1, y0],
        [x1, y1],
        [x0, y1],
      ],
    ),
  );
}

/** Farthest-point sample of k points, starting from the one nearest the origin. */
export function spreadPoints(points: readonly Xy[], k: number): Xy[] {
  if (points.length === 0) return [];
  let first = 0;
  points.forEach((p, i) => {
    if (Math.hypot(...p) < Math.hypot(...points[first]!)) first = i;
  });
  const chosen = [points[first]!];
  const nearest = points.map((p) => Math.hypot(p[0] - chosen[0]![0], p[1] - chosen[0]![1]));
  while (chosen.length < Math.min(k, points.length)) {
    let best = 0;
    nearest.forEach((d, i) => {
      if (d > nearest[best]!) best = i;
    });
    const c = points[best]!;
    chosen.push(c);
    points.forEach((p, i) => {
      nearest[i] = Math.min(nearest[i]!, Math.hypot(p[0] - c[0], p[1] - c[1]));
    });
  }
  return chosen;
}

/** North-aligned square cells of `size` metres holding at least one point, with a label per cell. */
export function squareCells<T>(points: readonly Xy[], size: number, label: (i: number) => T) {
  const cells = new Map<string, { col: number; row: number; votes: Map<T, number> }>();
  points.forEach(([x, y], i) => {
    const [col, row] = [Math.floor(x / size), Math.floor(y / size)];
    const key = `${col},${row}`;
    const cell = cells.get(key) ?? { col, row, votes: new Map<T, number>() };
    const l = label(i);
    cell.votes.set(l, (cell.votes.get(l) ?? 0) + 1);
    cells.set(key, cell);
  });
  return [...cells.values()]
    .sort((p, q) => p.row - q.row || p.col - q.col)
    .map(({ col, row, votes }) => ({
      col,
      row,
      label: [...votes].sort((a, b) => b[1] - a[1])[0]![0],
      square: [
        [col * size, row * size],
        [(col + 1) * size, row * size],
        [(col + 1) * size, (row + 1) * size],
        [col * size, (row + 1) * size],
        [col * size, row * size],
      ] as Xy[],
    }));
}
