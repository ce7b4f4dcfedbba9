// Files holding users' data — uploads, the mail outbox, the embedded database — are readable by the server's own
// account only (issue 18): directories 0700, files 0600. server.ts also sets the process umask to 077 for files
// that libraries create (PGlite's data files, exports), so nothing the server writes is world-readable.
import { chmodSync, mkdirSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates the directory (and parents) 0700, and tightens it if an older version made it wider. */
export async function privateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await chmod(dir, PRIVATE_DIR_MODE);
}

export function privateDirSync(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(dir, PRIVATE_DIR_MODE);
}
