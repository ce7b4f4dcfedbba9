// A Pipewise server as a child process for the reliability bench: started on a fresh PGlite folder or a fresh
// PostgreSQL database, stopped gently or killed with SIGKILL, restarted on the same data, its RSS read from /proc.
// A child process (not app.inject) because the bench must see what a tenant sees: a process that exits, an event
// loop that stops answering, and what survives a kill -9.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { adminQuery, benchAdminUrl } from '../lib.mjs';

const root = path.resolve(import.meta.dirname, '../..');
export const PASSWORD = process.env.DEMO_PASSWORD ?? 'Pipewise-demo-1';
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
// Several API processes must share the secret (docs/architecture.md §7); one per bench run.
const JWT_SECRET = `reliability-bench-secret-${process.pid}-0123456789abcdef`;

async function freePort() {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = s.address().port;
      s.close(() => resolve(p));
    });
  });
}

/**
 * The storage one bench run uses: a PGlite folder, or a PostgreSQL database created for it (and the folder, which
 * holds uploads either way). `dispose` removes both unless BENCH_KEEP=1.
 */
export async function openStorage(kind, name) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `pw-rel-${name}-`));
  let databaseUrl;
  let dbName;
  if (kind === 'postgres') {
    dbName = `pw_rel_${name.replace(/\W/g, '_')}_${process.pid}`;
    await adminQuery(benchAdminUrl, `CREATE DATABASE ${dbName}`);
    const u = new URL(benchAdminUrl);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
  }
  return {
    kind,
    dataDir,
    databaseUrl,
    async dispose() {
      if (process.env.BENCH_KEEP === '1') return console.log(`kept ${dbName ?? dataDir}`);
      if (dbName) await adminQuery(benchAdminUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One server process on `storage`. `env` adds to the environment (ROLE, DEMO_CITY_PIPES…). `onLog(entry)` sees
 * every JSON log line, so a bench can act on the instant a stage is stored.
 */
export class ServerProcess {
  constructor(storage, { env = {}, onLog } = {}) {
    this.storage = storage;
    this.env = env;
    this.onLog = onLog;
    this.exits = [];
    this.logs = [];
  }

  get base() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start({ timeoutMs = 10 * 60_000 } = {}) {
    this.port ??= await freePort();
    const role = this.env.ROLE ?? 'all';
    this.child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.storage.dataDir,
        JWT_SECRET,
        LOG_LEVEL: 'info',
        DEMO_CITY_PIPES: '100',
        ...(this.storage.databaseUrl && { DATABASE_URL: this.storage.databaseUrl }),
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const child = this.child;
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        this.exits.push({
          at: new Date().toISOString(),
          code,
          signal,
          expected: child.expectedExit === true,
        });
        resolve({ code, signal });
      }),
    );
    let buffered = '';
    let workerStarted = false;
    child.stdout.on('data', (d) => {
      buffered += d;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.startsWith('{')) continue;
        let entry;
        try {
          entry = JSON.parse(line);
        } catch {
          continue;
        }
        if (entry.msg === 'worker started') workerStarted = true;
        if (entry.level >= 50) this.logs.push({ msg: entry.msg, err: entry.err?.message?.slice(0, 300) });
        this.onLog?.(entry, this);
      }
    });
    child.stderr.on('data', (d) => {
      const text = String(d);
      if (!/ExperimentalWarning|--trace-warnings/.test(text)) this.logs.push({ stderr: text.slice(0, 500) });
    });
    const t0 = performance.now();
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`the server exited during start: ${JSON.stringify(this.logs.slice(-3))}`);
      if (performance.now() - t0 > timeoutMs) throw new Error('the server did not start in time');
      if (role === 'worker') {
        if (workerStarted) break;
      } else {
        try {
          if ((await fetch(`${this.base}/api/health`)).ok) break;
        } catch {
          /* not listening yet */
        }
      }
      await sleep(200);
    }
    this.startSeconds = Math.round(performance.now() - t0) / 1000;
    return this;
  }

  /** SIGTERM and wait (the server's own graceful shutdown). */
  async stop() {
    if (!this.alive()) return;
    this.child.expectedExit = true;
    this.child.kill('SIGTERM');
    await Promise.race([this.exited, sleep(30_000)]);
    if (this.alive()) await this.kill();
  }

  /** kill -9: no shutdown hook runs, as when the machine or the OOM killer stops the process. */
  async kill() {
    if (!this.alive()) return;
    this.child.expectedExit = true;
    this.child.kill('SIGKILL');
    await this.exited;
  }

  alive() {
    return this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Resident memory of the server process in MiB (worker threads included: they share the process). */
  rssMib() {
    try {
      const status = readFileSync(`/proc/${this.child.pid}/status`, 'utf8');
      return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
    } catch {
      return null;
    }
  }

  /** Unexpected exits so far (a crash, the OOM killer): what a bench reports as crashes. */
  crashes() {
    return this.exits.filter((e) => !e.expected);
  }
}

/** A PostgreSQL client on the bench database (only for PostgreSQL storage), for row counts and job checks. */
export async function pgClient(storage) {
  const c = new pg.Client({ connectionString: storage.databaseUrl });
  await c.connect();
  return c;
}
