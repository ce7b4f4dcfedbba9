// /map/{view}?pipe={id} (lib/map-links.ts): a link from elsewhere (a report's work list, the home dashboard) opens the map with that
// pipe selected, its details open, and flies there once they are known (useMapSelection.onSelectPipe). The
// parameter is consumed: the address then reads as the map's own, and going back does not select it again.
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { PIPE_PARAM } from '../../lib/map-links.ts';

export function usePipeDeepLink(onSelectPipe: (id: number) => void): void {
  const [params, setParams] = useSearchParams();
  const raw = params.get(PIPE_PARAM);
  useEffect(() => {
    if (raw === null) return;
    const id = Number(raw);
    if (Number.isSafeInteger(id) && id > 0) onSelectPipe(id);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(PIPE_PARAM);
        return next;
      },
      { replace: true },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per link followed, not per render of the screen
  }, [raw]);
}
