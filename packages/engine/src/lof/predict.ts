// Fast traversal of plain-data trees. `step`/`leafOf` walk a column-major binned matrix one row at a time (the
// Saabas attribution needs the path); bulk prediction walks rows packed row-major (tree.ts packRows) through a
// table-driven tree (walkTable): per level one byte read and one table read, numeric and categorical splits alike.
import { packRows, type PackedRows, type Tree } from './tree.ts';

export interface CompiledTree {
  readonly feature: Int32Array;
  readonly threshold: Int32Array;
  readonly left: Int32Array;
  readonly right: Int32Array;
  readonly value: Float64Array;
  readonly masks: readonly (Uint8Array | null)[];
}

export function compileTree(tree: Tree): CompiledTree {
  return {
    feature: Int32Array.from(tree.feature),
    threshold: Int32Array.from(tree.threshold),
    left: Int32Array.from(tree.left),
    right: Int32Array.from(tree.right),
    value: Float64Array.from(tree.value),
    masks: tree.categories.map((cats) => {
      if (cats === null) return null;
      const mask = new Uint8Array(256);
      for (const c of cats) mask[c] = 1;
      return mask;
    }),
  };
}

/** Child taken at an internal node for a row. */
export function step(t: CompiledTree, node: number, bins: readonly Uint8Array[], row: number): number {
  const b = bins[t.feature[node]!]![row]!;
  const mask = t.masks[node];
  const goLeft = mask ? mask[b] === 1 : b <= t.threshold[node]!;
  return goLeft ? t.left[node]! : t.right[node]!;
}

export function leafOf(t: CompiledTree, bins: readonly Uint8Array[], row: number): number {
  let node = 0;
  while (t.feature[node]! >= 0) node = step(t, node, bins, row);
  return node;
}

/**
 * A tree as lookup tables over packed rows: `at[node]` is the position of the node's feature in a packed row (−1 at
 * a leaf) and `next[node × 256 + bin]` the child a row with that bin goes to.
 */
export interface TreeTable {
  readonly at: Int32Array;
  readonly next: Int32Array;
  readonly value: Float64Array;
}

export function walkTable(t: CompiledTree, position: Int32Array): TreeTable {
  const nodes = t.feature.length;
  const at = new Int32Array(nodes);
  const next = new Int32Array(nodes * 256);
  for (let node = 0; node < nodes; node++) {
    const f = t.feature[node]!;
    at[node] = f >= 0 ? position[f]! : -1;
    if (f < 0) continue;
    const mask = t.masks[node];
    for (let b = 0; b < 256; b++) {
      const left = mask ? mask[b] === 1 : b <= t.threshold[node]!;
      next[node * 256 + b] = left ? t.left[node]! : t.right[node]!;
    }
  }
  return { at, next, value: t.value };
}

/** The leaf a packed row (starting at offset o) ends in. */
export function leafOfPacked(t: TreeTable, data: Uint8Array, o: number): number {
  let node = 0;
  while (t.at[node]! >= 0) node = t.next[node * 256 + data[o + t.at[node]!]!]!;
  return node;
}

/**
 * Rows that repeat the row before them, bins and starting score alike (−1), else the row itself. RUL's variants of a
 * pipe are consecutive rows a year apart in install year, and neighbouring years often share every bin: such a row
 * takes the very sums of the row before it, so it is copied rather than walked down every tree again.
 */
export function repeatedRows(data: Uint8Array, stride: number, scores: Float64Array): Int32Array {
  const first = new Int32Array(scores.length);
  for (let r = 0, o = 0; r < scores.length; r++, o += stride) {
    let same = r > 0 && Object.is(scores[r], scores[r - 1]);
    for (let k = 0; same && k < stride; k++) same = data[o + k] === data[o - stride + k];
    first[r] = same ? -1 : r;
  }
  return first;
}

/** Adds each tree's leaf value to scores (in place); bins column-major, one entry per feature of the model. */
export function addTrees(
  trees: readonly CompiledTree[],
  bins: readonly Uint8Array[],
  scores: Float64Array,
): Float64Array {
  const packed = packRows(
    bins,
    bins.map((_, j) => j),
  );
  const { data, stride } = packed;
  const first = repeatedRows(data, stride, scores);
  for (const t of trees) {
    const table = walkTable(t, packed.position);
    for (let r = 0, o = 0; r < scores.length; r++, o += stride)
      if (first[r]! >= 0) scores[r] = scores[r]! + table.value[leafOfPacked(table, data, o)]!;
  }
  for (let r = 1; r < scores.length; r++) if (first[r]! < 0) scores[r] = scores[r - 1]!;
  return scores;
}

/** mu ← mu · exp(leaf value) for `rows` (default every row), rows packed as the trainer packs them. */
export function multiplyByTree(
  t: CompiledTree,
  packed: PackedRows,
  mu: Float64Array,
  rows?: Uint32Array,
): void {
  const table = walkTable(t, packed.position);
  const factor = t.value.map(Math.exp);
  const { data, stride } = packed;
  const n = rows ? rows.length : mu.length;
  for (let k = 0; k < n; k++) {
    const r = rows ? rows[k]! : k;
    mu[r] = mu[r]! * factor[leafOfPacked(table, data, r * stride)]!;
  }
}
