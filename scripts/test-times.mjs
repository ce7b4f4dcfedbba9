// `npm run test:times`: the slowest test files of the last `npm test` (Vitest's and Playwright's), with where a
// Vitest file's time went. `npm run test:times -- 40` lists 40.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TIMES_DIR, formatSeconds } from './test/times.mjs';

const count = Number(process.argv[2] ?? 20);
const read = (name) => {
  const file = join(TIMES_DIR, name);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
};
const vitest = read('vitest.json');
const e2e = read('e2e.json');
if (!vitest && !e2e) {
  console.error(`No record in ${TIMES_DIR}: \`npm test\` writes one.`);
  process.exit(1);
}
const files = [...(vitest?.files ?? []), ...(e2e?.files ?? [])].sort((a, b) => b.wallMs - a.wallMs);
const stages = read('stages.json');
if (stages) console.log(`The run of ${stages.at}, ${formatSeconds(stages.totalSeconds)} in all.`);
console.log(`The ${Math.min(count, files.length)} slowest of ${files.length} test files:`);
for (const f of files.slice(0, count)) {
  const parts =
    f.environmentMs === undefined
      ? `${f.tests} tests${f.retries ? `, ${f.retries} retried` : ''}`
      : `${f.tests} tests; environment ${formatSeconds(f.environmentMs / 1000)}, ` +
        `import ${formatSeconds(f.importMs / 1000)}, tests and hooks ${formatSeconds(f.testsMs / 1000)}`;
  console.log(
    `  ${formatSeconds(f.wallMs / 1000).padStart(8)}  ${f.project.padEnd(7)} ${f.file}  (${parts})`,
  );
}
