// Plain JavaScript on purpose: a worker thread's entry cannot be TypeScript. Node 20 does not apply the parent's
// `--import tsx` hooks to a worker's entry module, so the thread registers tsx itself before loading the stage
// runner (compute.worker.ts). Harmless when the parent already runs under tsx.
import { register } from 'tsx/esm/api';

register();
await import('./compute.worker.ts');
