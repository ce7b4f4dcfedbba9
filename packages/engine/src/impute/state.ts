// Working state of the chained equations: per target, the known category of each pipe (provided or
// overridden; −1 when missing) and the current posterior of every pipe (n × K, row-major).
import type { TargetCoding } from './categories.ts';

export interface TargetState {
  readonly coding: TargetCoding;
  readonly known: Int32Array;
  posterior: Float64Array;
  /** True once posteriors exist, so missing values can inform others (after the first pass). */
  soft: boolean;
}

export function newTargetState(coding: TargetCoding, known: Int32Array): TargetState {
  return { coding, known, posterior: new Float64Array(known.length * coding.size), soft: false };
}

/** The distribution a pipe contributes as evidence: one-hot if known, its posterior if soft, else null. */
export function evidenceOf(state: TargetState, i: number, out: Float64Array): boolean {
  const k = state.known[i]!;
  const K = state.coding.size;
  if (k >= 0) {
    out.fill(0);
    out[k] = 1;
    return true;
  }
  if (!state.soft) return false;
  for (let c = 0; c < K; c++) out[c] = state.posterior[i * K + c]!;
  return true;
}

export function softmaxInto(logits: Float64Array, out: Float64Array, offset: number): void {
  let max = -Infinity;
  for (const v of logits) max = Math.max(max, v);
  let sum = 0;
  for (let c = 0; c < logits.length; c++) sum += out[offset + c] = Math.exp(logits[c]! - max);
  for (let c = 0; c < logits.length; c++) out[offset + c] = out[offset + c]! / sum;
}
