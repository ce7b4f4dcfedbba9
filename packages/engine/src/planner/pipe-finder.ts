// Pipe finder (spec 001 §3/§4): the highest-risk pipes until a coverage is reached, as a share of the given
// pipes' count or length, or as a length in metres.
//
// Sorting 100k objects with a comparator costs ~150 ms and much more on a busy machine, so the order comes
// from one native sort of numbers: each pipe's key is (rank of its risk, descending) × n + its index, an
// exact integer below 2^53 for any realistic n. Ties of risk are then put in id order run by run, and only
// for the runs actually taken.

export type PipeFinderCoverageType = 'length_percent' | 'count_percent' | 'length';

/** Float sums such as 0.7 + 0.1 must not miss a target they reach in decimal arithmetic. */
const EPSILON = 1e-9;

interface FinderPipe {
  readonly id: number;
  readonly lengthM: number;
  readonly risk: number;
}

/**
 * Ids of the highest-risk pipes (ties by id) in order, taking pipes until the coverage is reached: the
 * pipe that reaches it is included, so a coverage is never under-delivered. Amounts above 100 % take
 * every pipe; 0 takes none. A non-finite risk counts as the lowest.
 */
export function selectHighRiskPipes(
  pipes: readonly FinderPipe[],
  coverageType: PipeFinderCoverageType,
  amount: number,
): number[] {
  if (!Number.isFinite(amount) || amount < 0) throw new RangeError(`amount must be ≥ 0, got ${amount}`);
  let target: number;
  switch (coverageType) {
    case 'count_percent':
      target = (amount / 100) * pipes.length;
      break;
    case 'length_percent':
      target = (amount / 100) * pipes.reduce((sum, p) => sum + p.lengthM, 0);
      break;
    case 'length':
      target = amount;
      break;
  }
  const byCount = coverageType === 'count_percent';
  const tolerance = EPSILON * Math.max(1, Math.abs(target));
  const ids: number[] = [];
  let covered = 0;
  for (const run of riskRuns(pipes)) {
    if (run.length > 1) run.sort((a, b) => pipes[a]!.id - pipes[b]!.id || a - b);
    for (const i of run) {
      if (covered >= target - tolerance) return ids;
      ids.push(pipes[i]!.id);
      covered += byCount ? 1 : pipes[i]!.lengthM;
    }
  }
  return ids;
}

/** Pipe indices in runs of equal risk, highest risk first; within a run by index. */
function* riskRuns(pipes: readonly FinderPipe[]): Generator<number[]> {
  const n = pipes.length;
  // Plain loops: TypedArray.from with a map function is several times slower in V8.
  const risk = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const r = pipes[i]!.risk;
    risk[i] = Number.isFinite(r) ? r : Number.NEGATIVE_INFINITY;
  }
  const values = risk.slice().sort();
  let distinct = 0;
  for (let i = 0; i < n; i++)
    if (i === 0 || values[i] !== values[distinct - 1]) values[distinct++] = values[i]!;
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let lo = 0;
    let hi = distinct - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (values[mid]! < risk[i]!) lo = mid + 1;
      else hi = mid;
    }
    keys[i] = (distinct - 1 - lo) * n + i;
  }
  keys.sort();
  for (let k = 0; k < n;) {
    const rank = Math.floor(keys[k]! / n);
    const run: number[] = [];
    for (; k < n && Math.floor(keys[k]! / n) === rank; k++) run.push(keys[k]! - rank * n);
    yield run;
  }
}
