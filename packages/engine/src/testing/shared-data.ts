// Test-only, and the one place any test reaches outside the repository: locates the shared reference data next to
// the repository (<repo>/../shared/data), so tests can run against real EPANET, WNTR and utility files without copying
// them into the repo. Engine, server and e2e tests all import it (`@pipewise/engine/testing/shared-data`); a clone
// without the folder skips those tests with SHARED_DATA_SKIP_REASON. PIPEWISE_SHARED_DATA_DIR overrides the location:
// an empty folder runs the suite as a bare clone would (README, 'Test it'); repo-boundary.test.ts keeps it so.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

export const SHARED_DATA_DIR =
  process.env['PIPEWISE_SHARED_DATA_DIR'] ?? join(repoRoot, '..', 'shared', 'data');

/** The folder exists and holds something (an empty one stands for 'no shared data'). */
export const hasSharedData = existsSync(SHARED_DATA_DIR) && readdirSync(SHARED_DATA_DIR).length > 0;

/** Explains a skipped suite, so a green run without the data is not mistaken for coverage. */
export const SHARED_DATA_SKIP_REASON = `shared data folder ${SHARED_DATA_DIR} is absent: dataset tests skipped`;

/** Absolute path of a file in the shared data folder. */
export const sharedDataPath = (relativePath: string): string => join(SHARED_DATA_DIR, relativePath);

export function readSharedText(relativePath: string): string {
  return readFileSync(sharedDataPath(relativePath), 'utf8');
}

/** Reads a pandas `to_csv` file: header row, then rows of fields (no quoting in the WNTR fixtures). */
export function readSharedCsv(relativePath: string): string[][] {
  const lines = readSharedText(relativePath)
    .split(/\r?\n/)
    .filter((l) => l.length > 0);
  return lines.slice(1).map((l) => l.split(','));
}
