// Import of a 100k-pipe GeoJSON (the synthetic town of scripts/gen-network.mjs) through the API, on PostgreSQL and
// on PGlite, side by side with GDAL's ogr2ogr loading the same file into the same PostgreSQL (issue 3).
// Each run is its own process so its peak RSS is its own. BENCH_PIPES changes the size; BENCH_PG_URL the server.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
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

function pipewise(backend) {
  const heap = HEAP_MIB[backend] ? [`--max-old-space-size=${HEAP_MIB[backend]}`] : [];
  const out = execFileSync(
    process.execPath,
    [...heap, '--import', 'tsx', 'bench/import-run.mjs', backend, file, pgUrl],
    {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 1 << 24,
    },
  );
  return { ...JSON.parse(out.trim().split('\n').at(-1)), heap_limit_mib: HEAP_MIB[backend] };
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
      {
        stdio: 'ignore',
      },
    );
  psql('postgres', `CREATE DATABASE ${db}`);
  try {
    psql(db, 'CREATE EXTENSION postgis');
    const target = `PG:host=${url.hostname} port=${url.port || 5432} user=${url.username} dbname=${db}`;
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
    return { seconds, peak_rss_mib: Math.round(kib / 1024) };
  } finally {
    psql('postgres', `DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
  }
}

const postgres = pipewise('postgres');
const pglite = pipewise('pglite');
const ogr = ogr2ogr();
writeResult('import', {
  file: { pipes, mib: Math.round(statSync(file).size / 2 ** 20) },
  pipewise_postgres: postgres,
  pipewise_pglite: pglite,
  ogr2ogr_postgres: ogr,
  ratio_postgres_vs_ogr2ogr: ogr.seconds
    ? Math.round((postgres.seconds.total / ogr.seconds) * 10) / 10
    : null,
  ratio_import_job_vs_ogr2ogr: ogr.seconds
    ? Math.round((postgres.seconds.import_job / ogr.seconds) * 10) / 10
    : null,
  note:
    'Pipewise total = upload + inspect + validate (read, check rows, topology) + commit (reuses the report) + the ' +
    'import job (one transaction: rows checked again and written, GIST index upkeep, version summary). ogr2ogr only ' +
    'loads rows.',
});
