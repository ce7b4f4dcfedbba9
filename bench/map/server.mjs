// The real server (apps/server/src/server.ts) as a child process of the bench, and the built web app it serves.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * A private copy of apps/web/dist: others rebuild the shared checkout's bundle while the bench runs, and a page
 * loaded between vite emptying dist and writing it again has no app. Retried until index.html's assets are there.
 */
export async function copyWebDist(dataDir) {
  const dist = path.join(root, 'apps/web/dist');
  const copy = path.join(dataDir, 'web-dist');
  for (let attempt = 1; ; attempt++) {
    rmSync(copy, { recursive: true, force: true });
    try {
      cpSync(dist, copy, { recursive: true });
      const html = readFileSync(path.join(copy, 'index.html'), 'utf8');
      const assets = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]);
      if (assets.length > 0 && assets.every((a) => existsSync(path.join(copy, a)))) return copy;
    } catch {
      /* a build is rewriting dist */
    }
    if (attempt === 10) throw new Error('apps/web/dist stayed incomplete');
    await new Promise((r) => setTimeout(r, 10_000));
  }
}

/**
 * Starts server.ts on `port` with `env` over the bench's own environment and waits for /api/health. Returns the
 * seconds it took and a handle: `stop()` (SIGTERM, SIGKILL after 25 s), `err()` (the tail of stderr) and
 * `waitForLog(text)` (resolves with the first line of stdout or stderr holding `text`, once printed).
 */
export async function startServer(port, env) {
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    // A variable set to undefined in `env` is left out (DATABASE_URL unset: the embedded database).
    env: Object.fromEntries(
      Object.entries({
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        ...env,
      }).filter(([, v]) => v !== undefined),
    ),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errTail = '';
  // Everything the server printed (up to 8 MB), so a line is found even when it came before the wait began.
  let printed = '';
  const waiters = [];
  const onData = (chunk) => {
    printed = (printed + chunk).slice(-8_000_000);
    for (const w of [...waiters]) if (w.check()) waiters.splice(waiters.indexOf(w), 1);
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  child.stderr.on('data', (d) => (errTail = (errTail + d).slice(-4000)));
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  const handle = {
    err: () => errTail,
    waitForLog: (text) =>
      new Promise((resolve) => {
        const check = () => {
          if (!printed.includes(text)) return false;
          const line = printed.split('\n').find((l) => l.includes(text));
          if (line !== undefined) resolve(line);
          return line !== undefined;
        };
        if (!check()) waiters.push({ check });
      }),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 25_000);
      await exited;
      clearTimeout(t);
    },
  };
  for (;;) {
    if (performance.now() - t0 > 20 * 60_000) throw new Error('server did not start within 20 min');
    const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r(undefined), 250))]);
    if (code !== undefined) throw new Error(`server exited (${code}) during start:\n${errTail}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
  }
  return { seconds: Math.round(performance.now() - t0) / 1000, server: handle };
}
