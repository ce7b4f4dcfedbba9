// What the map bench measures with, read once from the environment (bench/map.bench.mjs's header), and the small
// number helpers its figures are rounded with.
import { benchAdminUrl } from '../lib.mjs';

export const adminUrl = benchAdminUrl;
export const PIPES = Number(process.env.MAP_BENCH_PIPES ?? 100_000);
/** The town of the first user after a restart (bench/map/after-restart.mjs), analysed for real: the same unless told. */
export const RESTART_PIPES = Number(process.env.MAP_BENCH_RESTART_PIPES ?? PIPES);
export const RUNS = 3;
export const VIEWPORT = { width: 1280, height: 800 };
export const EMAIL = 'admin@demo.pipewise.local';
export const PASSWORD = 'Pipewise-demo-1';
export const VIEW = 'install-year';
export const FILTER = { key: 'installYear', low: '1960', high: '1990' };
// Frames without a WebGL draw call (and no worker request in flight) that count as "the map is idle".
export const QUIET_FRAMES = 10;
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const dbName = process.env.MAP_BENCH_DB ?? 'pipewise_bench_map';
if (!/^[a-z_][a-z0-9_]*$/.test(dbName)) throw new Error(`MAP_BENCH_DB: not a plain name: ${dbName}`);

/** The PostgreSQL URL of one of the bench's databases on the bench server. */
export function databaseUrl(name) {
  const target = new URL(adminUrl);
  target.pathname = `/${name}`;
  return target.toString();
}

export const round1 = (x) => (x == null ? null : Math.round(x * 10) / 10);
export const median = (xs) => {
  const v = xs.filter((x) => x != null).sort((a, b) => a - b);
  return v.length ? v[Math.floor(v.length / 2)] : null;
};
export const mib = (bytes) => (bytes == null ? null : Math.round((bytes / 2 ** 20) * 10) / 10);
