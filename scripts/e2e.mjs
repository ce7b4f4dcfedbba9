// `npm run test:e2e`: build the web app, then run Playwright in Debian's Chromium against
// the real server on a fresh embedded database (playwright.config.ts starts it).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ensureWebBuild } from './web-build.mjs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `End-to-end tests need Chromium at ${chromium} (Debian: apt-get install chromium), or CHROMIUM_PATH. ` +
      'Playwright never downloads a browser here. `.ci/run` installs it.',
  );
  process.exit(1);
}
ensureWebBuild();
const root = resolve(import.meta.dirname, '..');
execFileSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
