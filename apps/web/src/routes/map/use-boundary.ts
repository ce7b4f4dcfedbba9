// Boundary drawing on the map screen (spec 000 §4, BOUND-01…12): the draw mode, the polygons (kept per layer
// group in the filter store), and the intersecting assets fetched on Finalize, which then filter the map.
// Editing clears the result (BOUND-10); a failed fetch removes the polygons and the selection (BOUND-11).
import { TOAST_MS, type LayerGroup } from '@pipewise/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/toast/index.ts';
import {
  getIntersectingAssets,
  type BoundaryAction,
  type BoundaryMode,
} from '../../features/boundaries/index.ts';
import { useFilterStore } from '../../features/filters/index.ts';
import { reportError } from '../../lib/report-error.ts';

type Polygons = number[][][];
const NO_POLYGONS: Polygons = [];

export function useBoundary(datasetId: number, layerGroup: LayerGroup, clearSelection: () => void) {
  const { t } = useTranslation('mapui');
  const [mode, setMode] = useState<BoundaryMode>('off');
  const [ids, setIds] = useState<number[] | null>(null);
  const [busy, setBusy] = useState(false);
  const polygons = useFilterStore((s) => (s.boundaries[layerGroup] as Polygons | undefined) ?? NO_POLYGONS);
  const setBoundaries = useFilterStore((s) => s.setBoundaries);
  const clearBoundaries = useFilterStore((s) => s.clearBoundaries);

  const finalize = async (next: Polygons) => {
    if (next.length === 0) return;
    setBusy(true);
    try {
      setIds(await getIntersectingAssets(datasetId, layerGroup, next));
      setMode('static');
    } catch (err) {
      reportError('Fetching the assets inside the boundary failed', err);
      clearBoundaries(layerGroup);
      setIds(null);
      setMode('off');
      clearSelection();
      toast.show({ text: t('boundary.failed'), color: 'error', timer: TOAST_MS.long });
    } finally {
      setBusy(false);
    }
  };

  const onAction = (action: BoundaryAction) => {
    switch (action) {
      case 'select':
        setMode('draw_rectangle');
        return;
      case 'cancel':
        setMode('off');
        return;
      case 'edit':
        setIds(null);
        setMode('direct_select');
        return;
      case 'finalize':
        void finalize(polygons);
        return;
      case 'deleteAll':
        clearBoundaries(layerGroup);
        setIds(null);
        setMode('off');
        return;
    }
  };

  /** Everything off: a layer group switch or a saved filter clears the boundaries (LAYER-05, FILT-APP-04). */
  const reset = () => {
    setIds(null);
    setMode('off');
  };

  return {
    mode,
    polygons,
    ids,
    busy,
    onAction,
    reset,
    mapProps: {
      drawMode: mode,
      boundaries: polygons,
      onDrawModeChange: (next: BoundaryMode) => {
        if (next === 'direct_select') setIds(null);
        setMode(next);
      },
      onBoundaryChange: (next: Polygons) => {
        setIds(null);
        setBoundaries(layerGroup, next);
      },
      onBoundaryFinalize: (next: Polygons) => {
        setBoundaries(layerGroup, next);
        void finalize(next);
      },
    },
  };
}
