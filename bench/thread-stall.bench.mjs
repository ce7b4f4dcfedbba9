// How long the API's thread is held while an analysis stage's call goes to its compute thread and its result comes
// back (issue 41): the three stages of the generated town run through compute-thread.ts as the analysis job runs
// them, no database, and this thread's largest event-loop stall is measured per stage, with how much of the stage's
// wall time this thread was busy (event-loop utilisation). The stages' CPU is in their threads; what is measured here
// is the copying in and out. The LOF model is made small (its result has every pipe all the same).
//   BENCH_PIPES (default 100000); BENCH_COMPUTE_THREAD=/path/to/compute-thread.ts runs another checkout's (A/B);
//   BENCH_NAME names the result file (default thread-stall).
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { cofFigures, cofStageInputs, datasetInputsOfCity, generateCity } from '@pipewise/engine';
import { writeResult } from './lib.mjs';

const PIPES = Number(process.env.BENCH_PIPES ?? 100_000);
const modulePath = process.env.BENCH_COMPUTE_THREAD;
const { computeInThread, lofInThreads } = await import(
  modulePath ? pathToFileURL(modulePath).href : '../apps/server/src/modules/analysis/compute-thread.ts'
);
/** CPU time of this process's main thread (ms, Linux): its own work, whatever the load; the stages' threads apart. */
function mainThreadCpuMs() {
  const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
  const [utime, stime] = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .slice(11, 13)
    .map(Number);
  return ((utime + stime) * 1000) / 100; // USER_HZ is 100 on Linux
}
const load = () => loadavg().map((l) => Math.round(l * 100) / 100);
const r1 = (x) => Math.round(x * 10) / 10;

/** Runs `stage` while a timer every 5 ms records how late it fires: the longest time nothing else could run. */
async function measured(name, stage) {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  const started = performance.now();
  const stalls = [];
  let last = performance.now();
  const longest = [];
  // On a loaded machine most of a stall can be this thread waiting for a core: the CPU it ran for in the gap (in
  // the kernel's 10 ms ticks) is what the code held the event loop for, whatever the load.
  const onCpu = [];
  let lastCpu = mainThreadCpuMs();
  const probe = setInterval(() => {
    const now = performance.now();
    const cpu = mainThreadCpuMs();
    stalls.push(now - last - 5);
    onCpu.push(cpu - lastCpu);
    // When the long ones ended, from the stage's start: the call goes out first, the result comes back last.
    if (now - last - 5 > 100)
      longest.push([Math.round(now - started), Math.round(now - last - 5), cpu - lastCpu]);
    last = now;
    lastCpu = cpu;
  }, 5);
  histogram.enable();
  const elu = performance.eventLoopUtilization();
  const cpu = mainThreadCpuMs();
  const result = await stage();
  const wallMs = performance.now() - started;
  const busy = performance.eventLoopUtilization(elu);
  const cpuMs = mainThreadCpuMs() - cpu;
  // The result's receipt is the stage's last stall: the probe must fire once after it to see it.
  await new Promise((resolve) => setTimeout(resolve, 20));
  clearInterval(probe);
  histogram.disable();
  const row = {
    stage: name,
    wall_ms: Math.round(wallMs),
    main_thread_busy_ms: Math.round(busy.active),
    main_thread_cpu_ms: Math.round(cpuMs),
    max_stall_ms: r1(Math.max(...stalls)),
    max_stall_on_cpu_ms: Math.max(...onCpu),
    stalls_on_cpu_over_100ms: onCpu.filter((s) => s > 100).length,
    stalls_over_100ms: stalls.filter((s) => s > 100).length,
    stalls_over_1s: stalls.filter((s) => s > 1000).length,
    delay_max_ms: r1(histogram.max / 1e6),
    delay_p99_ms: r1(histogram.percentile(99) / 1e6),
    /** [ms from the stage's start, stall ms, of which on the CPU ms] */
    stalls_over_100ms_at: longest,
    load: load(),
  };
  console.log(JSON.stringify(row));
  return { result, row };
}

const city = generateCity({ seed: 1, pipes: PIPES, asOf: { year: 2025, month: 12 } });
const inputs = {
  ...datasetInputsOfCity(city),
  lofOptions: { params: { maxTrees: 20 }, panel: { maxCutoffs: 2 } },
};
// A thread started before the figures, as the job finds one warm after its first stage.
await computeInThread({ stage: 'preprocess', inputs: { ...inputs, pipes: inputs.pipes.slice(0, 50) } });

const rows = [];
const pre = await measured('preprocess', () => computeInThread({ stage: 'preprocess', inputs }));
rows.push(pre.row);
const lof = await measured('lof', () => lofInThreads(inputs, pre.result));
rows.push(lof.row);
// Built before the window, as the job builds them on its thread before the stage (analysis.job.ts).
const cofCall = {
  stage: 'cof',
  inputs: cofStageInputs(inputs),
  figures: cofFigures(pre.result.pipes, lof.result.pipes),
  preprocessSegments: pre.result.segments.length,
  clientId: 1,
};
const cof = await measured('cof', () => computeInThread(cofCall));
rows.push(cof.row);

writeResult(process.env.BENCH_NAME ?? 'thread-stall', {
  pipes: PIPES,
  compute_thread: modulePath ?? 'this checkout',
  result_pipes: cof.result.pipes.length,
  stages: rows,
});
process.exit(0);
