// `npm start`: build the web app if needed, then run API + worker in one process on the
// embedded database (or DATABASE_URL), serving the built app on http://localhost:8080.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { ensureWebBuild } from './web-build.mjs';

const root = resolve(import.meta.dirname, '..');
ensureWebBuild();

const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, WEB_DIST: process.env.WEB_DIST ?? resolve(root, 'apps/web/dist') },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
