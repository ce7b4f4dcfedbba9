// Addresses of the map that other screens link to (routes/map reads them: use-pipe-deep-link.ts).

/** The query parameter naming the pipe to select when the map opens. */
export const PIPE_PARAM = 'pipe';

/** The map, in `view`, with one pipe selected and its details open: a report's work list links each pipe here. */
export const pipeOnMapPath = (pipeId: number, view = 'lof') => `/map/${view}?${PIPE_PARAM}=${pipeId}`;
