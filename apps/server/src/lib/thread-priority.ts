// Background threads (analysis stages, file parses, plans, the demo basemap) give the CPU to the API's own thread
// first (issue 18: on two cores, 50 users' p99 went from 0.5 s to 2.9 s while an analysis trained). Linux schedules
// threads one by one and setpriority() on a thread id changes only that thread's nice value, so the API's event loop
// keeps its share while a stage still gets every cycle nobody else wants. Node has no thread id API; /proc has it.
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** The nice value of background threads: below the API; BACKGROUND_NICE=0 leaves them at the API's priority. */
export const BACKGROUND_NICE = Math.min(19, Math.max(0, Number(process.env['BACKGROUND_NICE'] ?? 10) || 0));

/** This thread's Linux id, or null elsewhere. */
export function threadId(): number | null {
  if (process.platform !== 'linux') return null;
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    return Number.isInteger(tid) && tid > 0 ? tid : null;
  } catch {
    return null;
  }
}

/** Lowers the calling thread's priority to BACKGROUND_NICE (never raises it); answers the nice value it has. */
export function runInBackground(): number | null {
  const tid = threadId();
  if (tid === null || BACKGROUND_NICE === 0) return null;
  try {
    if (getPriority(tid) < BACKGROUND_NICE) setPriority(tid, BACKGROUND_NICE);
    return getPriority(tid);
  } catch {
    // A container may forbid it; the thread then runs as before.
    return null;
  }
}
