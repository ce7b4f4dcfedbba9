// Isolation valves, hydrants and drains (blow-offs). Valves follow common US practice: at a distribution
// intersection of k pipes, valves on k−1 legs (one leg can be left unvalved because the others isolate it);
// where a transmission main meets, a valve on every leg. Pipes crossing a pressure-zone boundary get a
// normally closed valve. About 5 % of valves are inoperable (seized, buried, lost), more of the old ones.
import type { Xy } from './geo.ts';
import { pointAlong, polylineLength } from './geo.ts';
import type { PipeNet } from './network.ts';
import { streamFor, uniform } from './rng.ts';

export interface NetValve {
  readonly pipe: number;
  readonly node: number;
  readonly position: Xy;
  readonly operable: boolean;
  readonly normallyClosed: boolean;
}

export interface NetHydrant {
  readonly pipe: number;
  readonly position: Xy;
}

export function placeValves(
  seed: number,
  net: PipeNet,
  zone: readonly number[],
  installYear: readonly number[],
  lastYear: number,
): NetValve[] {
  const valves: NetValve[] = [];
  const random = streamFor(seed, 'valves');
  const endOf = (p: number, node: number): Xy => {
    const points = net.pipes[p]!.points;
    return net.pipes[p]!.a === node ? points[0]! : points[points.length - 1]!;
  };
  const operable = (p: number) => random() >= (lastYear - installYear[p]! > 50 ? 0.075 : 0.03);
  const boundaryAt = new Map<number, number>();
  net.pipes.forEach((pipe, p) => {
    if (zone[pipe.a] !== zone[pipe.b]) boundaryAt.set(p, zone[pipe.a]! > zone[pipe.b]! ? pipe.a : pipe.b);
  });
  net.incident.forEach((legs, node) => {
    if (legs.length < 3) return;
    const onMain = legs.some((p) => net.pipes[p]!.road === 'arterial');
    const skip = onMain ? -1 : Math.floor(random() * legs.length);
    legs.forEach((p, k) => {
      const closed = boundaryAt.get(p) === node;
      if (k === skip && !closed) return;
      valves.push({ pipe: p, node, position: endOf(p, node), operable: operable(p), normallyClosed: closed });
      if (closed) boundaryAt.delete(p);
    });
  });
  for (const [p, node] of boundaryAt) {
    valves.push({ pipe: p, node, position: endOf(p, node), operable: operable(p), normallyClosed: true });
  }
  return valves;
}

/** Fire hydrants every 100–150 m along distribution streets (typical US fire-code spacing). */
export function placeHydrants(seed: number, net: PipeNet): NetHydrant[] {
  const random = streamFor(seed, 'hydrants');
  const hydrants: NetHydrant[] = [];
  let carry = uniform(random, 20, 80);
  net.pipes.forEach((pipe, p) => {
    if (pipe.road === 'arterial') return;
    const length = polylineLength(pipe.points);
    let at = carry;
    while (at < length) {
      hydrants.push({ pipe: p, position: pointAlong(pipe.points, at) });
      at += uniform(random, 100, 150);
    }
    carry = Math.max(5, at - length);
  });
  return hydrants;
}
