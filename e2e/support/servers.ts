import { mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The e2e run starts one server per Playwright worker, each on its own port with its own embedded database and
 * demo town (playwright.config.ts), so stories in different workers never see each other's imports, edits or
 * re-analyses. Two workers by default: a story spends most of its time waiting on the server and the browser's
 * rendering, and two side by side kept both cores busy (docs/architecture.md §6). E2E_WORKERS overrides.
 */
export const E2E_WORKERS = Math.max(
  1,
  Number(process.env.E2E_WORKERS) || Math.min(2, availableParallelism()),
);

const firstPort = Number(process.env.E2E_PORT ?? 8181);

// The folders are made once and kept in the environment, so that Playwright's workers (which load the config, and
// this module, again) see the same ones.
process.env.E2E_DATA_ROOT ??= mkdtempSync(join(tmpdir(), 'pipewise-e2e-'));
const dataRoot = process.env.E2E_DATA_ROOT;

export interface E2eServer {
  readonly port: number;
  readonly url: string;
  /** The server's DATA_DIR: its embedded database and its mail outbox. */
  readonly dataDir: string;
}

/** The server of the worker in this slot (Playwright's parallelIndex: 0 … workers − 1). */
export function serverOf(parallelIndex: number): E2eServer {
  const port = firstPort + parallelIndex;
  return { port, url: `http://127.0.0.1:${port}`, dataDir: join(dataRoot, `server-${parallelIndex}`) };
}

export const E2E_SERVERS = Array.from({ length: E2E_WORKERS }, (_, i) => serverOf(i));
