// Public surface of the analysis feature: the per-dataset analysis dialog (runs, model card) and the run action.
export { AnalysisButton } from './components/AnalysisButton.tsx';
export { NoLofNotice } from './components/NoLofNotice.tsx';
export { RunAnalysisButton } from './components/RunAnalysisButton.tsx';
export { useAnalyses, isRunning } from './api/get-analyses.ts';
