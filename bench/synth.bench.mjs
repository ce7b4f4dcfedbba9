// Synthetic demo town generator (issue 3): time and peak memory of generateCity at the demo size (20k
// pipes) and the benchmark size (100k pipes), plus JSON and INP serialisation. Each size runs in its own
// child process so its peak RSS (VmHWM) is its own. Targets: 20k in a few seconds; 100k < 30 s, < 1.5 GB.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { generateCity, writeInp } from '../packages/engine/src/index.ts';
import { writeResult } from './lib.mjs';

const SEED = 1;
const AS_OF = { year: 2026, month: 1 };
const SIZES = [
  { pipes: 20_000, runs: 3 },
  { pipes: 100_000, runs: 1 },
];

function peakRssMib() {
  const status = readFileSync('/proc/self/status', 'utf8');
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round = (ms) => Math.round(ms);

function measure(pipes, runs) {
  const generate = [];
  let city;
  for (let r = 0; r < runs; r++) {
    city = undefined;
    const t0 = performance.now();
    city = generateCity({ seed: SEED, pipes, asOf: AS_OF });
    generate.push(performance.now() - t0);
  }
  const peakAfterGenerate = peakRssMib();
  const t1 = performance.now();
  const json = JSON.stringify(city);
  const t2 = performance.now();
  const inp = writeInp(city.epanet);
  const t3 = performance.now();
  return {
    pipes_target: pipes,
    counts: city.metadata.counts,
    total_length_km: city.metadata.totalLengthKm,
    break_rate_per_km_year: city.metadata.breakStats.ratePerKmYear,
    runs,
    generate_ms_median: round(median(generate)),
    generate_ms_all: generate.map(round),
    json_stringify_ms: round(t2 - t1),
    json_mib: Math.round((json.length / 2 ** 20) * 10) / 10,
    write_inp_ms: round(t3 - t2),
    inp_mib: Math.round((inp.length / 2 ** 20) * 10) / 10,
    peak_rss_mib_after_generate: peakAfterGenerate,
    peak_rss_mib: peakRssMib(),
  };
}

const child = process.argv.indexOf('--child');
if (child >= 0) {
  const [pipes, runs] = process.argv.slice(child + 1).map(Number);
  process.stdout.write(JSON.stringify(measure(pipes, runs)));
} else {
  const results = SIZES.map(({ pipes, runs }) =>
    JSON.parse(
      execFileSync(
        process.execPath,
        ['--import', 'tsx', import.meta.filename, '--child', String(pipes), String(runs)],
        { encoding: 'utf8', maxBuffer: 2 ** 24 },
      ),
    ),
  );
  const [demo, large] = results;
  writeResult('synth', {
    command: 'node --import tsx bench/synth.bench.mjs',
    seed: SEED,
    as_of: AS_OF,
    results,
    targets: '20k pipes in a few seconds; 100k pipes < 30 s and < 1.5 GB peak RSS',
    meets_target:
      demo.generate_ms_median < 5000 && large.generate_ms_median < 30_000 && large.peak_rss_mib < 1536,
    notes:
      'generate = generateCity (streets, pipes, zones, valves, hydrants, areas, 25-year break history, EPANET model); peak RSS includes JSON.stringify and writeInp of the whole town.',
  });
}
