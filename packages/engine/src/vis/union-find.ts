// Disjoint sets over dense ints (union by size, path halving): near-constant time per operation, which is
// what keeps segmentation of 100k pipes well under a second.
export class UnionFind {
  private readonly parent: Int32Array;
  private readonly size: Int32Array;

  constructor(count: number) {
    this.parent = new Int32Array(count);
    for (let i = 0; i < count; i++) this.parent[i] = i;
    this.size = new Int32Array(count).fill(1);
  }

  find(x: number): number {
    const parent = this.parent;
    while (parent[x] !== x) {
      const grand = parent[parent[x]!]!;
      parent[x] = grand;
      x = grand;
    }
    return x;
  }

  union(a: number, b: number): void {
    let ra = this.find(a);
    let rb = this.find(b);
    if (ra === rb) return;
    if (this.size[ra]! < this.size[rb]!) [ra, rb] = [rb, ra];
    this.parent[rb] = ra;
    this.size[ra]! += this.size[rb]!;
  }

  /** Dense labels 0..count-1, numbered in order of each set's smallest element (deterministic). */
  labels(): { labels: Int32Array; count: number } {
    const n = this.parent.length;
    const labelOfRoot = new Int32Array(n).fill(-1);
    const labels = new Int32Array(n);
    let count = 0;
    for (let i = 0; i < n; i++) {
      const root = this.find(i);
      if (labelOfRoot[root] === -1) labelOfRoot[root] = count++;
      labels[i] = labelOfRoot[root]!;
    }
    return { labels, count };
  }
}
