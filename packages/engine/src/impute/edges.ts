// Weighted pair accumulator for the neighbour graph: appends (i, j, w) to growable typed arrays, then
// buckets by i (counting sort) and merges duplicate pairs by summing their weights. A Map per pipe was
// the first version; at 100k pipes and ~30 pairs each it spent most of its time allocating.
import type { NeighbourGraph } from './neighbours.ts';

export class EdgeAccumulator {
  private from = new Int32Array(1024);
  private to = new Int32Array(1024);
  private weight = new Float64Array(1024);
  private length = 0;

  constructor(private readonly n: number) {}

  add(i: number, j: number, w: number): void {
    if (i === j) return;
    if (this.length === this.from.length) this.grow();
    this.from[this.length] = i;
    this.to[this.length] = j;
    this.weight[this.length++] = w;
  }

  toGraph(): NeighbourGraph {
    const { n, length } = this;
    const bucketStart = new Int32Array(n + 1);
    for (let e = 0; e < length; e++) {
      const slot = this.from[e]! + 1;
      bucketStart[slot] = bucketStart[slot]! + 1;
    }
    for (let i = 0; i < n; i++) bucketStart[i + 1] = bucketStart[i + 1]! + bucketStart[i]!;
    const fill = bucketStart.slice(0, n);
    const order = new Int32Array(length);
    for (let e = 0; e < length; e++) order[fill[this.from[e]!]!++] = e;
    const start = new Int32Array(n + 1);
    const index = new Int32Array(length);
    const weight = new Float64Array(length);
    let k = 0;
    for (let i = 0; i < n; i++) {
      const edges = Array.from(order.subarray(bucketStart[i]!, bucketStart[i + 1]!));
      edges.sort((a, b) => this.to[a]! - this.to[b]! || a - b);
      for (const e of edges) {
        if (k > start[i]! && index[k - 1] === this.to[e]) weight[k - 1] = weight[k - 1]! + this.weight[e]!;
        else [index[k], weight[k++]] = [this.to[e]!, this.weight[e]!];
      }
      start[i + 1] = k;
    }
    return { start, index: index.slice(0, k), weight: weight.slice(0, k) };
  }

  private grow(): void {
    const size = this.from.length * 2;
    const from = new Int32Array(size);
    const to = new Int32Array(size);
    const weight = new Float64Array(size);
    from.set(this.from);
    to.set(this.to);
    weight.set(this.weight);
    [this.from, this.to, this.weight] = [from, to, weight];
  }
}
