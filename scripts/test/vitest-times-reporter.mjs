// A Vitest reporter that records, for each test file, its project and where its time went (environment, import,
// tests and hooks), and for each project the span from its first file's start to its last file's end. The stage
// runner (scripts/test.mjs) prints the projects; `npm run test:times` lists the slowest files from the same record.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

export default class TimesReporter {
  /** @type {Map<string, number>} */
  started = new Map();
  /** @type {Array<Record<string, unknown>>} */
  files = [];

  constructor(options = {}) {
    // Set by scripts/test.mjs; a plain `vitest run` of one file leaves the last whole run's record alone.
    this.outputFile = options.outputFile ?? process.env.PIPEWISE_VITEST_TIMES;
  }

  onTestModuleStart(testModule) {
    this.started.set(testModule.moduleId, performance.now());
  }

  onTestModuleEnd(testModule) {
    const end = performance.now();
    const d = testModule.diagnostic();
    const start = this.started.get(testModule.moduleId) ?? end;
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const test of testModule.children.allTests()) {
      const state = test.result().state;
      if (state === 'passed') counts.passed += 1;
      else if (state === 'failed') counts.failed += 1;
      else counts.skipped += 1;
    }
    this.files.push({
      project: testModule.project.name,
      file: relative(root, testModule.moduleId),
      state: testModule.state(),
      tests: counts.passed + counts.failed + counts.skipped,
      ...counts,
      // Wall time from the worker taking the file to its result, as the reporter saw it.
      wallMs: Math.round(end - start),
      environmentMs: Math.round(d.environmentSetupDuration),
      importMs: Math.round(d.collectDuration + d.setupDuration + d.prepareDuration),
      testsMs: Math.round(d.duration),
      startMs: Math.round(start),
      endMs: Math.round(end),
    });
  }

  onTestRunEnd() {
    if (!this.outputFile) return;
    mkdirSync(dirname(this.outputFile), { recursive: true });
    writeFileSync(this.outputFile, JSON.stringify({ files: this.files }, null, 1));
  }
}
