// A job sent by this process wakes this process's worker of its queue at once (issue 41). pg-boss 10 has no
// LISTEN/NOTIFY: a worker polls its queue every 2 s, so an analysis started from the web waited up to 2 s (1 s on
// average) before the worker took it, though the API and the worker share the process (ROLE=all, `npm start`).
// The sender announces the queue after pg-boss stored the job; a worker registered for that queue calls pg-boss's
// own notifyWorker, which cuts its wait short. Across processes (ROLE=api beside ROLE=worker) the poll still applies.
type Wake = () => void;

const wakers = new Map<string, Set<Wake>>();

/** A job was stored on `queue`: wake the workers of this process that take it. */
export function announceJob(queue: string): void {
  for (const wake of wakers.get(queue) ?? []) wake();
}

/** Calls `wake` whenever this process sends a job to `queue`; returns the function that stops it. */
export function onJobSent(queue: string, wake: Wake): () => void {
  let set = wakers.get(queue);
  if (!set) wakers.set(queue, (set = new Set()));
  set.add(wake);
  return () => {
    set.delete(wake);
  };
}
