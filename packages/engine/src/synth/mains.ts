// Transmission mains: the arterial pipes that carry water from the sources to the town. A shortest-path
// tree from all sources over the arterial network gives each arterial pipe the number of arterial
// nodes it feeds; the trunk lines near the sources are sized larger (24"), their branches 16", every other
// arterial main 12".
import type { PipeNet } from './network.ts';

class MinHeap {
  private readonly keys: number[] = [];
  private readonly items: number[] = [];
  get size() {
    return this.items.length;
  }
  push(key: number, item: number) {
    let i = this.items.length;
    this.keys.push(key);
    this.items.push(item);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.keys[parent]! <= key) break;
      this.keys[i] = this.keys[parent]!;
      this.items[i] = this.items[parent]!;
      i = parent;
    }
    this.keys[i] = key;
    this.items[i] = item;
  }
  pop(): [number, number] {
    const top: [number, number] = [this.keys[0]!, this.items[0]!];
    const key = this.keys.pop()!;
    const item = this.items.pop()!;
    const n = this.items.length;
    if (n > 0) {
      let i = 0;
      for (;;) {
        let child = 2 * i + 1;
        if (child >= n) break;
        if (child + 1 < n && this.keys[child + 1]! < this.keys[child]!) child += 1;
        if (this.keys[child]! >= key) break;
        this.keys[i] = this.keys[child]!;
        this.items[i] = this.items[child]!;
        i = child;
      }
      this.keys[i] = key;
      this.items[i] = item;
    }
    return top;
  }
}

/** Nominal size (inches) of each arterial pipe; 0 for pipes off the arterial network. */
export function mainSizes(
  net: PipeNet,
  sourceNodes: readonly number[],
  lengthOf: (pipe: number) => number,
): number[] {
  const isMain = net.pipes.map((p) => p.road === 'arterial');
  const distance = new Float64Array(net.nodes.length).fill(Infinity);
  const parentPipe = new Int32Array(net.nodes.length).fill(-1);
  const heap = new MinHeap();
  for (const s of sourceNodes) {
    distance[s] = 0;
    heap.push(0, s);
  }
  const order: number[] = [];
  while (heap.size > 0) {
    const [d, n] = heap.pop();
    if (d > distance[n]!) continue;
    order.push(n);
    for (const p of net.incident[n]!) {
      if (!isMain[p]) continue;
      const pipe = net.pipes[p]!;
      const other = pipe.a === n ? pipe.b : pipe.a;
      const next = d + lengthOf(p);
      if (next < distance[other]!) {
        distance[other] = next;
        parentPipe[other] = p;
        heap.push(next, other);
      }
    }
  }
  const fed = new Float64Array(net.nodes.length).fill(1);
  const load = new Float64Array(net.pipes.length);
  for (let k = order.length - 1; k >= 0; k--) {
    const n = order[k]!;
    const p = parentPipe[n]!;
    if (p < 0) continue;
    load[p] = fed[n]!;
    const pipe = net.pipes[p]!;
    fed[pipe.a === n ? pipe.b : pipe.a]! += fed[n]!;
  }
  const total = order.length;
  return net.pipes.map((_, p) => {
    if (!isMain[p]) return 0;
    const share = load[p]! / total;
    return share >= 0.12 ? 24 : share >= 0.03 ? 16 : 12;
  });
}
