// Test-data builders for the pipeline's tests: a small generated town as a dataset, with fast LOF options.
import { generateCity } from '../synth/generate.ts';
import type { SynthCity } from '../synth/types.ts';
import { type CityDatasetOptions, datasetInputsOfCity } from './from-city.ts';
import type { DatasetInputs, DatasetLofOptions, DatasetPipe } from './types.ts';

/** A small booster and no backtest: seconds on a few thousand pipes. */
export const FAST_LOF: DatasetLofOptions = {
  params: { maxTrees: 60, learningRate: 0.15 },
  panel: { maxCutoffs: 5 },
  backtestHorizonsYears: [],
};

export function smallTown(pipes = 1500, seed = 7): SynthCity {
  return generateCity({ seed, pipes, asOf: { year: 2026, month: 1 } });
}

export function townDataset(city: SynthCity, options: CityDatasetOptions = {}): DatasetInputs {
  return { ...datasetInputsOfCity(city, options), lofOptions: FAST_LOF };
}

/** The dataset with some pipes changed (an override, an abandoned pipe…). */
export function withPipes(
  inputs: DatasetInputs,
  change: Readonly<Record<string, Partial<DatasetPipe>>>,
): DatasetInputs {
  return { ...inputs, pipes: inputs.pipes.map((p) => (change[p.id] ? { ...p, ...change[p.id] } : p)) };
}
