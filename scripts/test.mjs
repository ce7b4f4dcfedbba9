// `npm test`: the gate every change passes. Stages, each stopping the run when it fails:
//   1. the static checks (Prettier, ESLint, tsc) and the web build the end-to-end tests need, in two lanes: each is
//      one thread, so on two cores they take about half the time they take one after another;
//   2. Vitest (every project in one run, a worker per core);
//   3. Playwright (scripts/e2e.mjs).
// At the end it prints each stage's time (Vitest's per project) and the counts, and keeps the record in
// test-times/ for `npm run test:times` (the slowest files).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadavg } from 'node:os';
import { TIMES_DIR, formatSeconds } from './test/times.mjs';

const root = resolve(import.meta.dirname, '..');
const bin = (name) => join(root, 'node_modules/.bin', name);

/** @type {{ name: string, seconds: number, ok: boolean, note?: string }[]} */
const stages = [];
const runStart = performance.now();
const loadAtStart = loadavg()[0];

/** Runs a command; `capture` keeps its output until it ends (for commands run side by side). */
function run(name, command, args, { capture = false, env = {} } = {}) {
  const start = performance.now();
  return new Promise((done) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    const out = [];
    child.stdout?.on('data', (b) => out.push(b));
    child.stderr?.on('data', (b) => out.push(b));
    child.on('close', (code, signal) => {
      const seconds = (performance.now() - start) / 1000;
      const ok = code === 0;
      if (capture) {
        const text = Buffer.concat(out).toString().trimEnd();
        console.log(
          `\n── ${name} (${formatSeconds(seconds)}, ${ok ? 'ok' : `failed: ${signal ?? `exit ${code}`}`})`,
        );
        if (text) console.log(text);
      }
      done({ name, seconds, ok });
    });
  });
}

function finish(code) {
  const total = (performance.now() - runStart) / 1000;
  const vitest = readJson(join(TIMES_DIR, 'vitest.json'));
  const e2e = readJson(join(TIMES_DIR, 'e2e.json'));
  const lines = ['', '── stage times (wall clock)'];
  for (const s of stages) {
    lines.push(
      `  ${s.name.padEnd(22)} ${formatSeconds(s.seconds).padStart(8)}  ${s.ok ? '' : 'FAILED'}${s.note ?? ''}`,
    );
    if (s.name === 'vitest' && vitest) lines.push(...projectLines(vitest.files));
    // A story that passed only on its retry is green but not steady: say how many there were.
    if (s.name === 'e2e' && e2e)
      lines.push(`    ${e2e.retried} of ${e2e.passed + e2e.failed} stories retried`);
  }
  lines.push(`  ${'total'.padEnd(22)} ${formatSeconds(total).padStart(8)}`);
  lines.push(
    `  load average 1 min: ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end`,
  );
  console.log(lines.join('\n'));
  writeFileSync(
    join(TIMES_DIR, 'stages.json'),
    JSON.stringify({ at: new Date().toISOString(), totalSeconds: total, stages }, null, 1),
  );
  const counts = countTests(vitest, e2e);
  // One plain closing line a CI can read: every test that ran, Vitest's and Playwright's.
  if (counts)
    console.log(`\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  process.exit(code);
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

/** Each Vitest project: its files, tests, the time its files took in the workers, and its span in the run. */
function projectLines(files) {
  const projects = new Map();
  for (const f of files) {
    const p = projects.get(f.project) ?? { files: 0, tests: 0, inFiles: 0, first: Infinity, last: 0 };
    p.files += 1;
    p.tests += f.tests;
    p.inFiles += f.wallMs / 1000;
    p.first = Math.min(p.first, f.startMs);
    p.last = Math.max(p.last, f.endMs);
    projects.set(f.project, p);
  }
  const first = Math.min(...files.map((f) => f.startMs));
  return [...projects].map(
    ([name, p]) =>
      `    ${name.padEnd(20)} ${formatSeconds((p.last - p.first) / 1000).padStart(8)}  span ` +
      `${formatSeconds((p.first - first) / 1000)}–${formatSeconds((p.last - first) / 1000)} of the run; ` +
      `${p.files} files, ${p.tests} tests, ${formatSeconds(p.inFiles)} in its files`,
  );
}

function countTests(vitest, e2e) {
  if (!vitest && !e2e) return undefined;
  const c = { passed: 0, failed: 0, skipped: 0 };
  for (const f of vitest?.files ?? []) {
    c.passed += f.passed;
    c.failed += f.failed;
    c.skipped += f.skipped;
  }
  if (e2e) {
    c.passed += e2e.passed;
    c.failed += e2e.failed;
    c.skipped += e2e.skipped;
  }
  return c;
}

rmSync(TIMES_DIR, { recursive: true, force: true });
mkdirSync(TIMES_DIR, { recursive: true });

// 1. Two lanes, one a core: ESLint alone (the longest, 78 s on an idle 2-core machine), and tsc, Prettier and the
// web build one after another (55 + 23 + 12 s). All four at once took 141 s on a clean clone (2026-12-01), each
// slowed by the other three. Their outputs are printed whole as each ends.
const lanes = await Promise.all([
  run('lint', bin('eslint'), ['.', '--max-warnings', '0'], { capture: true }).then((r) => [r]),
  (async () => [
    await run('typecheck', bin('tsc'), ['-b'], { capture: true }),
    await run('format', bin('prettier'), ['--check', '.', '--log-level', 'warn'], { capture: true }),
    await run('web build', process.execPath, ['scripts/web-build.mjs'], { capture: true }),
  ])(),
]);
const checks = lanes.flat();
stages.push(...checks);
stages.push({
  name: 'static + build',
  seconds: (performance.now() - runStart) / 1000,
  ok: checks.every((c) => c.ok),
  note: '  (the four above, in two lanes)',
});
if (!checks.every((c) => c.ok)) finish(1);

// 2.
const vitest = await run(
  'vitest',
  bin('vitest'),
  ['run', '--reporter=default', '--reporter=./scripts/test/vitest-times-reporter.mjs'],
  {
    env: { PIPEWISE_VITEST_TIMES: join(TIMES_DIR, 'vitest.json') },
  },
);
stages.push(vitest);
if (!vitest.ok) finish(1);

// 3.
const e2e = await run('e2e', process.execPath, ['scripts/e2e.mjs'], {
  env: { PIPEWISE_E2E_TIMES: join(TIMES_DIR, 'e2e.json') },
});
stages.push(e2e);
finish(e2e.ok ? 0 : 1);
