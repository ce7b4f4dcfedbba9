// `npm run bench [name…]`: run every bench/*.bench.mjs (or the named ones); each writes
// its JSON result to bench/results/<name>.json. Speed and memory targets live here,
// never as timed assertions in tests.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const wanted = process.argv.slice(2);
const benches = readdirSync(resolve(root, 'bench'))
  .filter((f) => f.endsWith('.bench.mjs'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.startsWith(w)));
for (const file of benches) {
  console.log(`\n== bench/${file}`);
  execFileSync(process.execPath, ['--import', 'tsx', resolve(root, 'bench', file)], {
    cwd: root,
    stdio: 'inherit',
  });
}
