// Plain JavaScript on purpose, as planner/plan.boot.mjs: a worker thread's entry cannot be TypeScript, and Node 20
// does not apply the parent's tsx hooks to it, so the thread registers tsx before loading the runner.
import { register } from 'tsx/esm/api';

register();
await import('./programme.worker.ts');
