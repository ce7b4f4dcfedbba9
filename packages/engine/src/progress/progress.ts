// How far a long piece of engine work is (issue 15: "the analysis sat at 25 % for about 8 minutes"). A stage reports
// the share of its work done, a fraction 0–1, through an optional callback at the natural steps of its loops — a
// tree built, an imputation round, a batch of EPANET closures — never by the clock: the engine reads no time
// (STYLE.md), and how often the figure travels on is the caller's choice (the server writes it at most every 1.5 s).
// The shares of the phases are their typical part of the stage's time, measured on the synthetic towns; a wrong
// share makes the bar move unevenly, never backwards, and never past the phase.

/** Receives the share of a task done, 0–1. Cheap to call; called at most a few thousand times per task. */
export type OnProgress = (fraction: number) => void;

const ignore: OnProgress = () => undefined;

/** The callback or one that ignores every call, so the work can report without asking whether anyone listens. */
export const progressOf = (report: OnProgress | undefined): OnProgress => report ?? ignore;

/**
 * Reports only advances, clamped to [0, 1]. An estimate made inside a phase may shrink (a boosting run that keeps
 * improving moves its expected end further out), and what a user reads may not.
 */
export function monotone(report: OnProgress | undefined): OnProgress {
  if (!report) return ignore;
  let last = -1;
  return (fraction) => {
    const f = Math.min(1, Math.max(0, fraction));
    if (!(f > last)) return;
    last = f;
    report(f);
  };
}

/**
 * Splits a task into consecutive phases weighted by their share of its time (any positive numbers, normalised);
 * each phase reports its own 0–1, mapped to its part of the task's. Weights of 0 make phases that report nothing.
 */
export function phases<K extends string>(
  report: OnProgress | undefined,
  weights: Readonly<Record<K, number>>,
): Record<K, OnProgress> {
  const keys = Object.keys(weights) as K[];
  const total = keys.reduce((sum, k) => sum + Math.max(0, weights[k]), 0);
  const out = {} as Record<K, OnProgress>;
  let start = 0;
  for (const k of keys) {
    const share = total > 0 ? Math.max(0, weights[k]) / total : 0;
    const from = start;
    out[k] = !report || share === 0 ? ignore : (f) => report(from + share * Math.min(1, Math.max(0, f)));
    start += share;
  }
  return out;
}

/** For a loop of `total` steps: call with the number done; reports about every `every` steps and at the end. */
export function steps(report: OnProgress | undefined, total: number, every = 1): (done: number) => void {
  if (!report || total <= 0) return ignore;
  const stride = Math.max(1, Math.floor(every));
  return (done) => {
    if (done % stride === 0 || done >= total) report(done / total);
  };
}
