// Fast traversal of plain-data trees over a column-major binned matrix.
import type { Tree } from './tree.ts';

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

/** mu ← mu · exp(leaf value) for every row (but those flagged in skip): no exp per row. */
export function multiplyByTree(
  t: CompiledTree,
  bins: readonly Uint8Array[],
  mu: Float64Array,
  skip?: Uint8Array,
): void {
  const factor = t.value.map(Math.exp);
  for (let r = 0; r < mu.length; r++) {
    if (skip?.[r] !== 1) mu[r] = mu[r]! * factor[leafOf(t, bins, r)]!;
  }
}
