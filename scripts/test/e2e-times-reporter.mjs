// A Playwright reporter that records each spec file's time and the counts of the run for scripts/test.mjs and
// `npm run test:times`. A test that passed on a retry counts as passed, and its retries are counted apart.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

export default class E2eTimesReporter {
  files = new Map();
  counts = { passed: 0, failed: 0, skipped: 0, retried: 0 };

  constructor(options = {}) {
    this.outputFile = options.outputFile ?? process.env.PIPEWISE_E2E_TIMES;
  }

  onTestEnd(test, result) {
    const file = relative(root, test.location.file);
    const f = this.files.get(file) ?? { project: 'e2e', file, tests: 0, wallMs: 0, retries: 0 };
    f.wallMs += result.duration;
    if (result.retry > 0) f.retries += 1;
    if (result.retry === 0) f.tests += 1;
    this.files.set(file, f);
  }

  onEnd() {
    if (!this.outputFile) return;
    const outcomes = { expected: 'passed', flaky: 'passed', unexpected: 'failed', skipped: 'skipped' };
    for (const test of this.suite.allTests()) {
      this.counts[outcomes[test.outcome()]] += 1;
      if (test.results.length > 1) this.counts.retried += 1;
    }
    mkdirSync(dirname(this.outputFile), { recursive: true });
    writeFileSync(
      this.outputFile,
      JSON.stringify({ ...this.counts, files: [...this.files.values()] }, null, 1),
    );
  }

  onBegin(_config, suite) {
    this.suite = suite;
  }

  printsToStdio() {
    return false;
  }
}
