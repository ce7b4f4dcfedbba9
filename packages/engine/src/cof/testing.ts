// Test and bench helpers for COF (I/O allowed here, never in the model): the EPANET WASM bytes, and COF
// inputs from a generated town.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { EPANET_WASM_RELATIVE_PATH } from './epanet-loader.ts';

export function epanetWasmBytes(): Uint8Array {
  const main = createRequire(import.meta.url).resolve('epanet-js');
  return readFileSync(join(dirname(main), EPANET_WASM_RELATIVE_PATH));
}

import { analyzeVis } from '../vis/analysis.ts';
import type { BuiltNetwork } from '../network/builder.ts';
import { defaultCofScenario } from './defaults.ts';
import { computeCof, type CofInputs, type CofPipe, type CofResult } from './model.ts';
import { type CalculationKind, switchCalculation } from './scenario.ts';

/** A pipe for COF tests: 100 m of 6 in (152.4 mm, tier d2) under a local road, no pressure given. */
export function cofPipe(id: string, overrides: Partial<CofPipe> = {}): CofPipe {
  return { id, nativeId: `N-${id}`, lengthM: 100, diameterMm: 152.4, roadType: 'local', ...overrides };
}

export function usScenario(kind: CalculationKind = 'standard') {
  const base = defaultCofScenario('US');
  return { ...base, costMaster: switchCalculation(base.costMaster, kind) };
}

/** COF of a builder network with the given pipes (default: one cofPipe per network pipe). */
export function cofOf(
  net: BuiltNetwork,
  overrides: Partial<Omit<CofInputs, 'vis' | 'nodePopulation'>> = {},
): CofResult {
  const vis = analyzeVis(net.topology, net.valves, net);
  const pipes = overrides.pipes ?? net.topology.linkIds.map((id) => cofPipe(id, { lengthM: 100 }));
  return computeCof({
    scenario: usScenario(),
    ...overrides,
    pipes,
    vis,
    nodePopulation: net.nodePopulation,
  });
}
