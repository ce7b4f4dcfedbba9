// SHELL-SUB-07: the scenario button reads 'default' when the dataset is its own original.
import type { DatasetSummary } from './types.ts';

export function scenarioLabel(dataset: DatasetSummary | undefined): string | null {
  if (!dataset) return null;
  if (dataset.originalDatasetId === dataset.id) return null;
  return dataset.scenario ?? dataset.name;
}
