// The legend folds when the map gets narrow (issue 36: the planner at 1280 px): 300 px of legend over a map of
// under 760 px hides the pipes the user is planning. Folding is the map's doing, not the user's: the stored
// "legend open" choice is kept, a click on the folded legend opens it for now, and a wide map shows it again.
import { useState } from 'react';

/** Below this map width the legend folds: the width at which it also steps under the search row (narrow-map.ts). */
export const LEGEND_FOLD_BELOW_PX = 760;

export function useLegendFold(
  mapWidth: number | null,
  storedOpen: boolean,
  setStoredOpen: (open: boolean) => void,
): { open: boolean; toggle: () => void } {
  const narrow = mapWidth !== null && mapWidth < LEGEND_FOLD_BELOW_PX;
  const [state, setState] = useState({ narrow, folded: narrow });
  if (state.narrow !== narrow) setState({ narrow, folded: narrow });
  const open = storedOpen && !state.folded;
  return {
    open,
    toggle: () => {
      if (open) return setStoredOpen(false);
      setState((s) => ({ ...s, folded: false }));
      if (!storedOpen) setStoredOpen(true);
    },
  };
}
