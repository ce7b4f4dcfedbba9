// Query keys of the COF scenarios feature. Not under the 'cof' root of ANALYSIS_QUERY_ROOTS: a scenario is a cost
// model the user edits, not an analysis result to drop when a run completes (its runs[] are polled instead).
export const cofScenarioKeys = {
  all: ['cof-scenarios'] as const,
  list: (snapshotId: number) => ['cof-scenarios', 'list', snapshotId] as const,
  detail: (id: number) => ['cof-scenarios', 'detail', id] as const,
  areas: (datasetId: number, layer: string) => ['cof-scenarios', 'areas', datasetId, layer] as const,
};
