// SHELL-SUB-07's label when no COF results are served yet (ScenarioButton prefers the served cost model, issue 38):
// the saved scenario the server names, else a derived dataset's own name; null reads 'default'.
import type { DatasetSummary } from './types.ts';

export function scenarioLabel(dataset: DatasetSummary | undefined): string | null {
  if (!dataset) return null;
  return dataset.scenario ?? (dataset.originalDatasetId === dataset.id ? null : dataset.name);
}
