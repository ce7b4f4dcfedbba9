// Test-only: locates the shared reference data next to the repository (<repo>/../shared/data), so tests
// can run against real EPANET and WNTR files without copying licensed data into the repo.
// PIPEWISE_SHARED_DATA_DIR overrides the location (also a way to check the skip path).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

export const SHARED_DATA_DIR =
  process.env['PIPEWISE_SHARED_DATA_DIR'] ?? join(repoRoot, '..', 'shared', 'data');

export const hasSharedData = existsSync(SHARED_DATA_DIR);

/** Explains a skipped suite, so a green run without the data is not mistaken for coverage. */
export const SHARED_DATA_SKIP_REASON = `shared data folder ${SHARED_DATA_DIR} is absent: dataset tests skipped`;

export function readSharedText(relativePath: string): string {
  return readFileSync(join(SHARED_DATA_DIR, relativePath), 'utf8');
}

/** Reads a pandas `to_csv` file: header row, then rows of fields (no quoting in the WNTR fixtures). */
export function readSharedCsv(relativePath: string): string[][] {
  const lines = readSharedText(relativePath)
    .split(/\r?\n/)
    .filter((l) => l.length > 0);
  return lines.slice(1).map((l) => l.split(','));
}
