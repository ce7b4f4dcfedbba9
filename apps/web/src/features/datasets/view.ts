// Spec 000 §9: the set-view tolerance is 4 decimals — a view within it is the saved one already.
import type { DatasetView } from './api/set-view.ts';

const round4 = (n: number) => Math.round(n * 1e4) / 1e4;

export function sameView(
  a: DatasetView,
  b: { center: readonly number[] | null; zoom: number | null },
): boolean {
  if (!b.center || b.zoom === null) return false;
  return (
    round4(a.center[0]) === round4(b.center[0] ?? NaN) &&
    round4(a.center[1]) === round4(b.center[1] ?? NaN) &&
    round4(a.zoom) === round4(b.zoom)
  );
}
