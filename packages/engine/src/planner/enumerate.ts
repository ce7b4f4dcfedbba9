// Exact candidate generation for tiny networks: every connected set of eligible pipes whose length lies
// within the bounds. With at most EXACT_MAX_PIPES pipes that is at most 2^16 bit masks, each checked by a
// flood fill over adjacency bit masks; the MILP over these candidates is then the true optimum over every
// way of cutting the network into projects, which is what the end-to-end brute-force test checks.
import type { CandidateSet } from './candidate-set.ts';
import type { PlannerNetwork } from './network.ts';

export const EXACT_MAX_PIPES = 16;

export function enumerateConnected(
  net: PlannerNetwork,
  minLengthM: number,
  maxLengthM: number,
  into: CandidateSet,
): void {
  const pipes: number[] = [];
  for (let i = 0; i < net.pipeCount; i++) if (net.eligible[i]) pipes.push(i);
  const m = pipes.length;
  if (m > EXACT_MAX_PIPES) throw new RangeError(`exact enumeration needs ≤ ${EXACT_MAX_PIPES} pipes`);
  const shares = (a: number, b: number) =>
    net.from[a] === net.from[b] ||
    net.from[a] === net.to[b] ||
    net.to[a] === net.from[b] ||
    net.to[a] === net.to[b];
  const adjacency = pipes.map((a, i) =>
    pipes.reduce((mask, b, j) => (i !== j && shares(a, b) ? mask | (1 << j) : mask), 0),
  );
  const lengthOf = new Float64Array(1 << m);
  const group = new Int32Array(m);
  for (let mask = 1; mask < 1 << m; mask++) {
    const low = mask & -mask;
    lengthOf[mask] = lengthOf[mask ^ low]! + net.lengthM[pipes[31 - Math.clz32(low)]!]!;
    if (lengthOf[mask]! < minLengthM || lengthOf[mask]! > maxLengthM) continue;
    let reached = low;
    let frontier = low;
    while (frontier !== 0) {
      const bit = frontier & -frontier;
      frontier ^= bit;
      const next = adjacency[31 - Math.clz32(bit)]! & mask & ~reached;
      reached |= next;
      frontier |= next;
    }
    if (reached !== mask) continue;
    let count = 0;
    for (let j = 0; j < m; j++) if (mask & (1 << j)) group[count++] = pipes[j]!;
    into.add(group, count);
  }
}
