// A max-heap of (priority, item) pairs in typed arrays, reused across growth runs (reset() keeps the
// buffers), so growing thousands of candidate projects allocates nothing per run. Equal priorities pop
// the smaller item first, which keeps candidate generation deterministic.

export class MaxHeap {
  private keys = new Float64Array(64);
  private items = new Int32Array(64);
  private count = 0;

  get size(): number {
    return this.count;
  }

  reset(): void {
    this.count = 0;
  }

  push(key: number, item: number): void {
    if (this.count === this.keys.length) this.grow();
    let i = this.count++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(key, item, this.keys[parent]!, this.items[parent]!)) break;
      this.keys[i] = this.keys[parent]!;
      this.items[i] = this.items[parent]!;
      i = parent;
    }
    this.keys[i] = key;
    this.items[i] = item;
  }

  /** Removes and returns the item with the highest priority; -1 when empty. */
  pop(): number {
    if (this.count === 0) return -1;
    const top = this.items[0]!;
    const last = --this.count;
    const key = this.keys[last]!;
    const item = this.items[last]!;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= last) break;
      const right = child + 1;
      if (
        right < last &&
        this.before(this.keys[right]!, this.items[right]!, this.keys[child]!, this.items[child]!)
      )
        child = right;
      if (!this.before(this.keys[child]!, this.items[child]!, key, item)) break;
      this.keys[i] = this.keys[child]!;
      this.items[i] = this.items[child]!;
      i = child;
    }
    this.keys[i] = key;
    this.items[i] = item;
    return top;
  }

  private before(keyA: number, itemA: number, keyB: number, itemB: number): boolean {
    return keyA > keyB || (keyA === keyB && itemA < itemB);
  }

  private grow(): void {
    const keys = new Float64Array(this.keys.length * 2);
    const items = new Int32Array(this.items.length * 2);
    keys.set(this.keys);
    items.set(this.items);
    this.keys = keys;
    this.items = items;
  }
}
