// Builds apps/web when its bundle is missing or older than its sources, so `npm start`
// on a fresh clone serves the real app, and later starts skip a build they don't need.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const dist = join(root, 'apps/web/dist/index.html');
const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/domain/src'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}

export function ensureWebBuild({ force = false } = {}) {
  const built = existsSync(dist) ? statSync(dist).mtimeMs : 0;
  const newest = Math.max(...sources.map((s) => newestMtime(join(root, s))));
  if (!force && built > newest) return false;
  console.log('Building the web app (apps/web)…');
  execFileSync('npm', ['run', 'build', '-w', '@pipewise/web'], { cwd: root, stdio: 'inherit' });
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`)
  ensureWebBuild({ force: process.argv.includes('--force') });
