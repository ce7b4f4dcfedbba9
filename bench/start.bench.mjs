// Start-up time of the server on the embedded database: a fresh DATA_DIR (creates PGlite
// with PostGIS, migrates, seeds the demo) and an existing one, with the peak RSS of each.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { writeResult } from './lib.mjs';

const root = resolve(import.meta.dirname, '..');
const port = 8297;

function peakRssMib(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return null;
  }
}

async function startOnce(dataDir) {
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (performance.now() - t0 > 180_000) throw new Error('server did not start within 180 s');
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.ok) break;
      } catch {
        /* not listening yet */
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    return { seconds: Math.round(performance.now() - t0) / 1000, peak_rss_mib: peakRssMib(child.pid) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'pipewise-bench-start-'));
try {
  const fresh = await startOnce(dataDir);
  const existing = await startOnce(dataDir);
  writeResult('start', {
    command: 'npm run bench start',
    fresh_data_dir: fresh,
    existing_data_dir: existing,
  });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
