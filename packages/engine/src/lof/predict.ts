// Fast traversal of plain-data trees over a column-major binned matrix.
import type { PackedRows, Tree } from './tree.ts';

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

/** Adds each tree's leaf value to scores (in place). */
export function addTrees(
  trees: readonly CompiledTree[],
  bins: readonly Uint8Array[],
  scores: Float64Array,
): Float64Array {
  for (const t of trees) {
    for (let r = 0; r < scores.length; r++) scores[r] = scores[r]! + t.value[leafOf(t, bins, r)]!;
  }
  return scores;
}

/**
 * mu ← mu · exp(leaf value) for `rows` (default every row), rows packed as the trainer packs them. Each internal
 * node's child is looked up by bin in a 256-entry table (numeric and categorical splits alike), so a row's walk is
 * one byte read and one table read per level.
 */
export function multiplyByTree(t: CompiledTree, packed: PackedRows, mu: Float64Array, rows?: Uint32Array): void {
  const factor = t.value.map(Math.exp);
  const { data, stride } = packed;
  const nodes = t.feature.length;
  const at = new Int32Array(nodes);
  const next = new Int32Array(nodes * 256);
  for (let node = 0; node < nodes; node++) {
    const f = t.feature[node]!;
    at[node] = f >= 0 ? packed.position[f]! : -1;
    if (f < 0) continue;
    const mask = t.masks[node];
    for (let b = 0; b < 256; b++) {
      const left = mask ? mask[b] === 1 : b <= t.threshold[node]!;
      next[node * 256 + b] = left ? t.left[node]! : t.right[node]!;
    }
  }
  const n = rows ? rows.length : mu.length;
  for (let k = 0; k < n; k++) {
    const r = rows ? rows[k]! : k;
    const o = r * stride;
    let node = 0;
    while (at[node]! >= 0) node = next[node * 256 + data[o + at[node]!]!]!;
    mu[r] = mu[r]! * factor[node]!;
  }
}
