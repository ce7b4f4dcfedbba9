// Issue 41: the details pane as a chunk of its own, for the map screen — it shows only once an asset is selected, so
// the first coloured map does not wait for it (its pipe panels, edit dialog and likelihood chart). A chunk that
// fails to load throws to the route's error page, which reloads once as for a lazy route (lib/chunk-reload.ts).
import { Suspense, lazy } from 'react';
import type { DetailsPaneProps } from './components/DetailsPane.tsx';

const Pane = lazy(async () => ({ default: (await import('./components/DetailsPane.tsx')).DetailsPane }));

export function LazyDetailsPane(props: DetailsPaneProps) {
  return (
    <Suspense fallback={null}>
      <Pane {...props} />
    </Suspense>
  );
}
