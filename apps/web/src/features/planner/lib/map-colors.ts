// Colours the map draws for the planner (map/planner.layers.ts), re-exported so the panel's legends and the project
// PDF name the colours the map shows (issue 36): the status colours of the portfolio and the project pipes' halo.
export { PIPE_HALO_COLOR, PORTFOLIO_STATUS_COLORS } from '../../../map/planner.layers.ts';
