// Plain JavaScript on purpose, as analysis/compute.boot.mjs: a worker thread's entry cannot be TypeScript, and
// Node 20 does not hand the parent's `--import tsx` to a worker, so the thread registers tsx itself.
import { register } from 'tsx/esm/api';

register();
await import('./town-basemap.thread.ts');
