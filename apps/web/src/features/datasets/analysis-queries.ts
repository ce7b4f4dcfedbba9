// DATA-ST-09: the cached LOF, COF and BRE entities are cleared when an analysis completes. The features that
// fetch them (issue 4) key their queries under these roots, so clearing never has to know them.
export const ANALYSIS_QUERY_ROOTS = ['lof', 'cof', 'bre'] as const;

export function isAnalysisQuery(queryKey: readonly unknown[]): boolean {
  return (ANALYSIS_QUERY_ROOTS as readonly unknown[]).includes(queryKey[0]);
}
