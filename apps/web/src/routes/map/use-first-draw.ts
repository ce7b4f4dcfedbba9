// Whether the map has drawn its dataset once (issue 41): what the first view does not need waits for it. The tile
// properties (which views have data, the population and break-rate tiers) are computed on demand after a restart,
// 10.8 s at load 16 on PGlite's 20k town, and PGlite runs in the server's only thread: asked for beside the map,
// they held back the MapLibre worker's script, the tiles and the streets, so the first coloured map came after them.
// Until they come every view is offered and the tiers are the static ones, as while an analysis runs.
import { useCallback, useEffect, useState } from 'react';

/** After this long the map counts as drawn anyway: one that cannot draw (no WebGL) still gets its views sorted. */
export const FIRST_DRAW_FALLBACK_MS = 10_000;

export function useFirstDraw(datasetId: number): { drawn: boolean; onDataLoaded: () => void } {
  const [drawnFor, setDrawnFor] = useState<number | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setDrawnFor(datasetId), FIRST_DRAW_FALLBACK_MS);
    return () => clearTimeout(timer);
  }, [datasetId]);
  const onDataLoaded = useCallback(() => setDrawnFor(datasetId), [datasetId]);
  return { drawn: drawnFor === datasetId, onDataLoaded };
}
