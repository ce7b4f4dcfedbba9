// COF (issue 4): standard and valve COF for a 100k-pipe generated town, hydraulic COF (one EPANET 2.2 PDA
// run per isolation segment) for a 2,000-pipe town. Times are single runs after generation; the hydraulic
// figure includes loading the WASM engine once.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  EPANET_WASM_RELATIVE_PATH,
  analyzeClosures,
  analyzeVis,
  cofNetworkOfCity,
  computeCof,
  defaultCofScenario,
  generateCity,
  loadEpanet,
  segmentClosures,
  segmentOutages,
  switchCalculation,
  writeInp,
} from '../packages/engine/src/index.ts';
import { writeResult } from './lib.mjs';

const SEED = 20261122;
const ms = (t0) => Math.round((performance.now() - t0) * 10) / 10;
const scenarioFor = (kind) => {
  const base = defaultCofScenario('US');
  return { ...base, costMaster: switchCalculation(base.costMaster, kind) };
};

function prepare(pipes) {
  const t0 = performance.now();
  const city = generateCity({ seed: SEED, pipes, asOf: { year: 2026, month: 1 } });
  const generateMs = ms(t0);
  const t1 = performance.now();
  const net = cofNetworkOfCity(city);
  const vis = analyzeVis(net.topology, net.valves, { nodePopulation: net.nodePopulation });
  return { city, net, vis, generateMs, visMs: ms(t1) };
}

function cof(prepared, kind, hydraulic) {
  const { net, vis } = prepared;
  const t0 = performance.now();
  const result = computeCof({ ...net, vis, scenario: scenarioFor(kind), hydraulic });
  return { result, ms: ms(t0) };
}

const big = prepare(100_000);
const standard = cof(big, 'standard');
const valve = cof(big, 'valve');

const small = prepare(2_000);
const wasm = readFileSync(
  join(dirname(createRequire(import.meta.url).resolve('epanet-js')), EPANET_WASM_RELATIVE_PATH),
);
const h0 = performance.now();
const workspace = await loadEpanet(wasm);
const loadMs = ms(h0);
const inp = writeInp(small.city.epanet);
const closures = segmentClosures(small.vis, small.net.epanetLinkIds);
const h1 = performance.now();
const closureAnalysis = analyzeClosures(workspace, inp, closures);
const closuresMs = ms(h1);
const hydraulic = cof(small, 'hydraulic', segmentOutages(closureAnalysis));
// Steady state (closure at 0 s, one period): the cheap variant a dataset without patterns can use.
const h2 = performance.now();
const steady = analyzeClosures(workspace, inp, closures, { startS: 0, durationS: 0 });
const steadyMs = ms(h2);
const steadyCof = cof(small, 'hydraulic', segmentOutages(steady));
const smallValve = cof(small, 'valve');

const sum = (rows, key) => Math.round(rows.reduce((s, r) => s + r[key], 0));
writeResult('cof', {
  command: 'node --import tsx bench/cof.bench.mjs',
  seed: SEED,
  standard_valve_100k: {
    pipes: big.net.pipes.length,
    segments: big.vis.segments.length,
    generate_ms: big.generateMs,
    topology_plus_vis_ms: big.visMs,
    cof_standard_ms: standard.ms,
    cof_valve_ms: valve.ms,
    customers_without_water_sum: {
      standard: sum(standard.result.pipes, 'customersWithoutWater'),
      valve: sum(valve.result.pipes, 'customersWithoutWater'),
    },
    level_breaks_usd: {
      standard: standard.result.levelBreaks.map(Math.round),
      valve: valve.result.levelBreaks.map(Math.round),
    },
  },
  hydraulic_2k: {
    pipes: small.net.pipes.length,
    segments: closures.length,
    epanet_load_ms: loadMs,
    closures_ms: closuresMs,
    ms_per_segment: Math.round((closuresMs / closures.length) * 100) / 100,
    cof_hydraulic_ms: hydraulic.ms,
    settings:
      'WNTR tutorial: closure at 2 h for 12 h, hourly steps, PDA 3.52/14.06 m, service pressure 3.52 m',
    steady_state_closures_ms: steadyMs,
    steady_state_ms_per_segment: Math.round((steadyMs / closures.length) * 100) / 100,
    baseline_low_junctions: closureAnalysis.baselineLow.length,
    customers_without_water_sum: {
      hydraulic: sum(hydraulic.result.pipes, 'customersWithoutWater'),
      hydraulic_steady_state: sum(steadyCof.result.pipes, 'customersWithoutWater'),
      valve: sum(smallValve.result.pipes, 'customersWithoutWater'),
    },
  },
  peak_rss_mib: Math.round(process.resourceUsage().maxRSS / 1024),
});
