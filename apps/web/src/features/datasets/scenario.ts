// SHELL-SUB-07: the scenario button reads 'default' when the dataset is its own original.
import type { DatasetSummary } from './api/get-snapshot-groups.ts';

export function scenarioLabel(dataset: DatasetSummary | undefined): string | null {
  if (!dataset) return null;
  if (dataset.originalDatasetId == null || dataset.originalDatasetId === dataset.id) return null;
  const scenario = dataset.scenario;
  if (typeof scenario === 'string') return scenario;
  return scenario?.name ?? dataset.name;
}
