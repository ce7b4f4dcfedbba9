// Plain JavaScript on purpose, as modules/analysis/compute.boot.mjs: a worker thread's entry cannot be TypeScript,
// and Node 20 does not apply the parent's tsx hooks to it, so the thread registers tsx before loading the parser.
import { register } from 'tsx/esm/api';

register();
await import('./parse.worker.ts');
