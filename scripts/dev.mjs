// `npm run dev`: the API with tsx watch on :8080 and Vite with hot reload on :5173
// (Vite proxies /api to the API).
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const children = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/server.ts'], { cwd: root, stdio: 'inherit' }),
  spawn('npx', ['vite'], { cwd: resolve(root, 'apps/web'), stdio: 'inherit' }),
];
const stop = (signal) => children.forEach((c) => c.kill(signal));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
children.forEach((c) =>
  c.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  }),
);
