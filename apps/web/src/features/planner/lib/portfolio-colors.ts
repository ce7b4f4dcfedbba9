// The status colours of the portfolio map (issue 36), for the panel's legend: the map layer's own palette
// (map/planner.layers.ts PORTFOLIO_STATUS_COLORS), re-exported so the feature names the colours the map draws.
export { PORTFOLIO_STATUS_COLORS } from '../../../map/planner.layers.ts';
