// The superblock lattice: blocks of about 800 m bounded by arterials and collectors (assemble.ts). Corners are jittered and
// the whole lattice is turned (the Peninsula's streets run about NW–SE); each arterial bows a little.
// A superblock ("patch") is filled by a Coons patch over its four arterial sides, so local streets meet
// the arterials exactly and neighbouring patches share the arterial between them.
import type { Xy } from './geo.ts';
import { streamFor, uniform } from './rng.ts';

export const SUPERBLOCK_M = 800;

export interface Lattice {
  readonly seed: number;
  readonly angle: number;
  /** Corner position of lattice point (i, j). */
  readonly corner: (i: number, j: number) => Xy;
  /** Point at t ∈ [0, 1] on the horizontal arterial (i, j)→(i+1, j) or vertical (i, j)→(i, j+1). */
  readonly arterial: (kind: 'H' | 'V', i: number, j: number, t: number) => Xy;
  /** Unit vectors of the lattice's u (i) and v (j) axes. */
  readonly axisU: Xy;
  readonly axisV: Xy;
}

export function createLattice(seed: number): Lattice {
  const angle = uniform(streamFor(seed, 'lattice-angle'), 0.25, 0.6);
  const axisU: Xy = [Math.cos(angle), Math.sin(angle)];
  const axisV: Xy = [-Math.sin(angle), Math.cos(angle)];
  const corners = new Map<string, Xy>();
  const corner = (i: number, j: number): Xy => {
    const key = `${i},${j}`;
    let p = corners.get(key);
    if (!p) {
      const random = streamFor(seed, 'corner', i, j);
      const a = (i + uniform(random, -0.13, 0.13)) * SUPERBLOCK_M;
      const b = (j + uniform(random, -0.13, 0.13)) * SUPERBLOCK_M;
      p = [a * axisU[0] + b * axisV[0], a * axisU[1] + b * axisV[1]];
      corners.set(key, p);
    }
    return p;
  };
  const bows = new Map<string, number>();
  const arterial = (kind: 'H' | 'V', i: number, j: number, t: number): Xy => {
    const key = `${kind}${i},${j}`;
    let bow = bows.get(key);
    if (bow === undefined) {
      bow = uniform(streamFor(seed, `bow${kind}`, i, j), -0.05, 0.05) * SUPERBLOCK_M;
      bows.set(key, bow);
    }
    const [x0, y0] = corner(i, j);
    const [x1, y1] = kind === 'H' ? corner(i + 1, j) : corner(i, j + 1);
    const dx = x1 - x0;
    const dy = y1 - y0;
    const length = Math.hypot(dx, dy);
    const s = bow * Math.sin(Math.PI * t);
    return [x0 + dx * t - (dy / length) * s, y0 + dy * t + (dx / length) * s];
  };
  return { seed, angle, corner, arterial, axisU, axisV };
}

/** Coons patch of superblock (i, j): (u, v) ∈ [0, 1]² → metres, exact on the four arterials. */
export function coonsPatch(lattice: Lattice, i: number, j: number): (u: number, v: number) => Xy {
  const c00 = lattice.corner(i, j);
  const c10 = lattice.corner(i + 1, j);
  const c01 = lattice.corner(i, j + 1);
  const c11 = lattice.corner(i + 1, j + 1);
  return (u, v) => {
    const b = lattice.arterial('H', i, j, u);
    const t = lattice.arterial('H', i, j + 1, u);
    const l = lattice.arterial('V', i, j, v);
    const r = lattice.arterial('V', i + 1, j, v);
    const w00 = (1 - u) * (1 - v);
    const w10 = u * (1 - v);
    const w01 = (1 - u) * v;
    const w11 = u * v;
    const x =
      (1 - v) * b[0] +
      v * t[0] +
      (1 - u) * l[0] +
      u * r[0] -
      (w00 * c00[0] + w10 * c10[0] + w01 * c01[0] + w11 * c11[0]);
    const y =
      (1 - v) * b[1] +
      v * t[1] +
      (1 - u) * l[1] +
      u * r[1] -
      (w00 * c00[1] + w10 * c10[1] + w01 * c01[1] + w11 * c11[1]);
    return [x, y];
  };
}
