// Valve isolation segments on a 100k-pipe network (issue 4 target: under 1 s). A deterministic grid-like
// network from a seeded PRNG: nodes on a jittered grid, pipes between neighbours, a valve on about one pipe
// end in three, one in ten of them inoperable. Times the median of 5 runs of each step, and peak memory.
import { readFileSync } from 'node:fs';
import {
  analyzeVis,
  buildTopology,
  segmentNetwork,
  topologyFromLines,
} from '../packages/engine/src/index.ts';
import { writeResult } from './lib.mjs';

const RUNS = 5;
const SEED = 20261122;
const COLUMNS = 250;
const ROWS = 201; // 250 × 201 nodes → 100,049 pipes
const SPACING_M = 80;

/** mulberry32: small, fast, good enough for test data; the seed is the only input. */
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function generateNetwork(random) {
  const id = (c, r) => `J${r * COLUMNS + c}`;
  const xy = [];
  const nodes = [];
  for (let r = 0; r < ROWS; r++) {
    for (let c = 0; c < COLUMNS; c++) {
      nodes.push({ id: id(c, r), kind: r === 0 && c === 0 ? 1 : 0 });
      xy.push([c * SPACING_M + (random() - 0.5) * 20, r * SPACING_M + (random() - 0.5) * 20]);
    }
  }
  const links = [];
  const lines = [];
  const addPipe = (a, b) => {
    const [from, to] = [nodes[a], nodes[b]];
    const lengthM = Math.hypot(xy[a][0] - xy[b][0], xy[a][1] - xy[b][1]);
    links.push({ id: `P${links.length}`, from: from.id, to: to.id, lengthM });
    lines.push({ id: `P${lines.length}`, coordinates: [xy[a], xy[b]], lengthM });
  };
  for (let r = 0; r < ROWS; r++) {
    for (let c = 0; c < COLUMNS; c++) {
      const here = r * COLUMNS + c;
      if (c + 1 < COLUMNS) addPipe(here, here + 1);
      if (r + 1 < ROWS) addPipe(here, here + COLUMNS);
    }
  }
  const valves = [];
  for (const link of links) {
    for (const nodeId of [link.from, link.to]) {
      if (random() >= 1 / 3) continue;
      valves.push({ id: `V${valves.length}`, linkId: link.id, nodeId, operable: random() >= 0.1 });
    }
  }
  return { nodes, links, lines, valves };
}

function peakRssMib() {
  const status = readFileSync('/proc/self/status', 'utf8');
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function time(fn) {
  const t0 = performance.now();
  const value = fn();
  return { ms: performance.now() - t0, value };
}

const net = generateNetwork(mulberry32(SEED));
const runs = {
  topology_ms: [],
  segmentation_ms: [],
  topology_plus_segmentation_ms: [],
  full_vis_ms: [],
  snap_lines_ms: [],
};
let segmentCount = 0;
let largest = 0;
let heapPeakMib = 0;
for (let run = 0; run < RUNS; run++) {
  const topo = time(() => buildTopology(net.nodes, net.links));
  const seg = time(() => segmentNetwork(topo.value, net.valves));
  const full = time(() => analyzeVis(topo.value, net.valves));
  const snap = time(() => topologyFromLines(net.lines, { toleranceM: 0.5, coordinates: 'metres' }));
  runs.topology_ms.push(topo.ms);
  runs.segmentation_ms.push(seg.ms);
  runs.topology_plus_segmentation_ms.push(topo.ms + seg.ms);
  runs.full_vis_ms.push(full.ms);
  runs.snap_lines_ms.push(snap.ms);
  segmentCount = seg.value.count;
  largest = Math.max(...seg.value.sizes);
  heapPeakMib = Math.max(heapPeakMib, Math.round(process.memoryUsage().heapUsed / 2 ** 20));
}

const medians = Object.fromEntries(
  Object.entries(runs).map(([k, v]) => [k, Math.round(median(v) * 10) / 10]),
);
writeResult('vis', {
  command: 'node --import tsx bench/vis.bench.mjs',
  network: { nodes: net.nodes.length, pipes: net.links.length, valves: net.valves.length, seed: SEED },
  result: { segments: segmentCount, largest_segment_elements: largest },
  runs: RUNS,
  median_ms: medians,
  target: 'topology + segmentation < 1000 ms for 100k pipes',
  meets_target: medians.topology_plus_segmentation_ms < 1000,
  peak_rss_mib: peakRssMib(),
  heap_used_peak_mib: heapPeakMib,
  notes:
    'full_vis = segmentation + per-segment summaries (ids, valves, length, LOF) + supply-loss DFS; snap_lines = topology from pipe end coordinates (0.5 m grid snapping).',
});
