// Import of a 100k-pipe GeoJSON (the synthetic town of scripts/gen-network.mjs) on PostgreSQL and on PGlite, side
// by side with GDAL's ogr2ogr loading the same file into the same PostgreSQL (issue 3), in the same run, each
// Pipewise run between two ogr2ogr runs (its peer is their mean, so a change of load hits both sides alike).
// Two paths (issue 41): `server` is what a user waits for — the wizard's calls over HTTP to a listening server whose
// worker takes the import job from the queue; `engine` is the API's handlers through inject and runImport called
// directly. Each run is its own process so its peak RSS is its own. BENCH_PIPES changes the size; BENCH_PG_URL the
// server; BENCH_IMPORT_PATHS=server,engine the paths; BENCH_IMPORT_ROOT another checkout to run (a before figure);
// BENCH_RESULT the result's name.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { writeResult } from './lib.mjs';

const root = resolve(import.meta.dirname, '..');
const pipes = Number(process.env.BENCH_PIPES ?? 100_000);
const pgUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dir = join(tmpdir(), 'pipewise-bench');
mkdirSync(dir, { recursive: true });
const file = join(dir, `city-${pipes}.geojson`);
if (!existsSync(file)) {
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'scripts/gen-network.mjs',
      '--pipes',
      String(pipes),
      '--seed',
      '1',
      '--geojson',
      file,
    ],
    { cwd: root, stdio: 'inherit' },
  );
}

/**
 * The PostgreSQL run gets a 256 MiB V8 heap: finishing under it proves the import streams (at 128 MiB it does not
 * finish). PGlite's database lives in the same process, so its RSS is not the import's alone and it runs uncapped.
 */
const HEAP_MIB = { postgres: 256, pglite: null };
const runRoot = resolve(process.env.BENCH_IMPORT_ROOT ?? root);
const paths = (process.env.BENCH_IMPORT_PATHS ?? 'server,engine').split(',');
const load = () => loadavg().map((l) => Math.round(l * 100) / 100);

function pipewise(backend, path) {
  const heap = HEAP_MIB[backend] ? [`--max-old-space-size=${HEAP_MIB[backend]}`] : [];
  const loadBefore = load();
  const out = execFileSync(
    process.execPath,
    [...heap, '--import', 'tsx', 'bench/import-run.mjs', backend, file, pgUrl, path],
    {
      cwd: runRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 1 << 26,
    },
  );
  const line = out
    .trim()
    .split('\n')
    .findLast((l) => l.startsWith('{"backend"'));
  return { ...JSON.parse(line), path, heap_limit_mib: HEAP_MIB[backend], load_before: loadBefore };
}

/** ogr2ogr into a fresh database of the same server, timed by GNU time (wall seconds, peak RSS in KiB). */
function ogr2ogr() {
  const which = spawnSync('which', ['ogr2ogr'], { encoding: 'utf8' });
  if (which.status !== 0) return { skipped: 'ogr2ogr not installed (Debian gdal-bin)' };
  const url = new URL(pgUrl);
  const db = `pw_bench_ogr_${process.pid}`;
  const psql = (database, command) =>
    execFileSync(
      'psql',
      ['-h', url.hostname, '-p', url.port || '5432', '-U', url.username, '-d', database, '-c', command],
      { stdio: 'ignore' },
    );
  psql('postgres', `CREATE DATABASE ${db}`);
  try {
    psql(db, 'CREATE EXTENSION postgis');
    const target = `PG:host=${url.hostname} port=${url.port || 5432} user=${url.username} dbname=${db}`;
    const loadBefore = load();
    const r = spawnSync(
      '/usr/bin/time',
      [
        '-f',
        '%e %M',
        'ogr2ogr',
        '-f',
        'PostgreSQL',
        target,
        file,
        '-nln',
        'pipes',
        '-lco',
        'GEOMETRY_NAME=geom',
        '-t_srs',
        'EPSG:4326',
      ],
      { encoding: 'utf8' },
    );
    if (r.status !== 0) throw new Error(r.stderr);
    const [seconds, kib] = r.stderr.trim().split('\n').at(-1).split(' ').map(Number);
    return { seconds, peak_rss_mib: Math.round(kib / 1024), load_before: loadBefore };
  } finally {
    psql('postgres', `DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
  }
}

const round = (x) => Math.round(x * 100) / 100;
const runs = [];
let before = ogr2ogr();
for (const path of paths)
  for (const backend of ['postgres', 'pglite']) {
    const run = pipewise(backend, path);
    const after = ogr2ogr();
    const peer = before.seconds && after.seconds ? (before.seconds + after.seconds) / 2 : null;
    const ratio = peer ? round(run.seconds.total / peer) : null;
    runs.push({ ...run, ogr2ogr_peer_seconds: peer && round(peer), ratio_vs_ogr2ogr: ratio });
    console.log(
      `${path.padEnd(6)} ${backend.padEnd(8)} ${run.seconds.total.toFixed(1).padStart(6)} s   ` +
        `ogr2ogr (peer, mean of the runs either side) ${peer?.toFixed(1) ?? '-'} s   ratio ${ratio ?? '-'}   ` +
        `load ${run.load_before.join(' ')}`,
    );
    before = after;
  }
writeResult(process.env.BENCH_RESULT ?? 'import', {
  file: { pipes, mib: Math.round(statSync(file).size / 2 ** 20) },
  checkout: runRoot === root ? 'this' : runRoot,
  load_at_end: load(),
  runs,
  note:
    'server = upload + inspect + materials + validate + commit over HTTP, then the import job from the queue, ' +
    'polled every 100 ms (the wizard polls every second); engine = the same handlers through app.inject and ' +
    'runImport called directly (no materials step). Both import with checks, staged version, GIST index upkeep, ' +
    'summary. ogr2ogr only loads rows. Ratio = Pipewise total / the mean of the ogr2ogr runs just before and after.',
});
