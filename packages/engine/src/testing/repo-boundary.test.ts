// Keeps the README's promise that `npm ci && npm test` passes on a clone with nothing beside it: no test file may name
// a path outside the repository, except through shared-data.ts, which skips with a reason when the data is absent.
// String literals are read with TypeScript's own parser, so comments and prose never count.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
/** The guarded helper (the only file allowed to know where the shared data lives) and this file's own samples. */
const ALLOWED = new Set([
  'packages/engine/src/testing/shared-data.ts',
  'packages/engine/src/testing/repo-boundary.test.ts',
]);
const SKIPPED_DIRS = new Set([
  'node_modules',
  'dist',
  'data',
  'test-results',
  'playwright-report',
  'coverage',
  '.git',
]);
const SOURCE = /\.(?:[cm]?[jt]sx?)$/;
const TEST_FILE = /(?:\.test\.|\.spec\.|(?:^|\/)(?:e2e|test|testing|fixtures)\/|test-fixtures\.)/;

/** Every literal of the file that points outside `root`: a shared-data path, a `../` chain leaving it, an absolute path beside it. */
export function pathsOutside(fileName: string, text: string, root: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const parent = dirname(root.replace(/\/$/, '')) + sep;
  const found: string[] = [];
  const check = (literal: string) => {
    const leaves =
      literal.includes('../') && !resolve(dirname(fileName), literal).startsWith(root.replace(/\/$/, ''));
    // A path has no spaces here; a test title such as 'real files from shared/data' is not one.
    const sharedPath = /shared[\\/]data/.test(literal) && !/\s/.test(literal);
    if (sharedPath || leaves || literal.startsWith(parent)) found.push(literal);
  };
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) check(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function testFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith('.')) testFiles(join(dir, entry.name), out);
    } else if (SOURCE.test(entry.name)) {
      const path = relative(REPO_ROOT, join(dir, entry.name)).split(sep).join('/');
      if (TEST_FILE.test(path) && !ALLOWED.has(path)) out.push(path);
    }
  }
  return out;
}

describe('tests stay inside the repository', () => {
  it('flags shared-data paths, ../ chains out of the repo and absolute paths beside it', () => {
    const file = join(REPO_ROOT, 'e2e', 'import.spec.ts');
    const bad = [
      `const f = resolve(import.meta.dirname, '../../shared/data/wntr-ky4-gis/ky4_pipes.geojson');`,
      `const d = fileURLToPath(new URL('../../../elsewhere/', import.meta.url));`,
      `const p = \`${dirname(REPO_ROOT.replace(/\/$/, ''))}/shared/x\`;`,
    ];
    for (const line of bad) expect(pathsOutside(file, line, REPO_ROOT)).toHaveLength(1);
    const fine = [
      `// reads ../shared/data when present (a comment)`,
      `describe('real files from shared/data', () => {});`,
      `const f = resolve(import.meta.dirname, '../apps/web/dist');`,
      `await page.goto('/data/import');`,
    ];
    for (const line of fine) expect(pathsOutside(file, line, REPO_ROOT)).toEqual([]);
  });

  it('no test file outside shared-data.ts names a path outside the repository', () => {
    const files = testFiles(REPO_ROOT);
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.flatMap((path) =>
      pathsOutside(join(REPO_ROOT, path), readFileSync(join(REPO_ROOT, path), 'utf8'), REPO_ROOT).map(
        (literal) => `${path}: ${literal}`,
      ),
    );
    expect(offenders, 'use @pipewise/engine/testing/shared-data, which skips with a reason').toEqual([]);
  });
});
