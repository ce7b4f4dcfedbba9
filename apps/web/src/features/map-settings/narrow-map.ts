// A map area too narrow for the open legend and the top controls (map view, search) side by side — the planner
// and the view menu open beside it at 1440 px leave it about 490 px — puts the legend under the controls instead of
// over the search box. MapView makes its box the `map` size container; this is the query against it.
export const NARROW_MAP_QUERY = '@container map (max-width: 760px)';
/** The top controls' row: 12 px margin, a 40 px field, 12 px gap. */
export const BELOW_CONTROLS_PX = 64;
