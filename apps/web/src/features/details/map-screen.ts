// What the map screen takes from the details feature with its first paint (issue 41). The pane itself comes as a
// chunk of its own (lazy.tsx); importing index.ts here would put the pane's modules back in the map's chunk, since
// a module reachable statically is never split out, whatever imports it lazily too.
export { useAssetTabLabels } from './hooks/use-asset-tab-labels.ts';
export { useFlyTarget } from './hooks/use-fly-target.ts';
export { LazyDetailsPane } from './lazy.tsx';
