// What the map screen takes from the analysis feature (issue 41): the run action and the no-LOF notice, without the
// analysis dialog (runs, model card) that index.ts also exports and that would bring the import wizard's modules
// into the map's first download.
export { NoLofNotice } from './components/NoLofNotice.tsx';
export { RunAnalysisButton } from './components/RunAnalysisButton.tsx';
