// Applying a saved filter (spec 000 §4, FILT-APP-01…05): clear the unsaved state, set the view from lofType (rank
// when unknown), switch to the pipe layer group, clear boundaries and selection, then — once the view change has
// reset the filters, DELAYS.filterApplyMs later — apply scalar selections, slider ranges and boundaries.
import {
  DELAYS,
  VIEW_KEYS,
  fromSavedFilters,
  type Boundaries,
  type FilterState,
  type LayerGroup,
  type SavedFilterFilters,
  type ViewKey,
} from '@pipewise/domain';

export interface ApplySavedSteps {
  clearUnsaved: () => void;
  setView: (view: ViewKey) => void;
  setLayerGroup: (layerGroup: LayerGroup) => void;
  clearBoundaries: () => void;
  clearSelection: () => void;
  /** Scalar selections and slider ranges, in that order within one state. */
  applyFilters: (state: FilterState) => void;
  applyBoundaries: (boundaries: Boundaries) => void;
}

export const viewFromLofType = (lofType: string): ViewKey =>
  (VIEW_KEYS as readonly string[]).includes(lofType) ? (lofType as ViewKey) : 'rank';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function applySavedFilter(
  saved: { filters: SavedFilterFilters; lofType: string },
  steps: ApplySavedSteps,
): Promise<void> {
  steps.clearUnsaved();
  steps.setView(viewFromLofType(saved.lofType));
  steps.setLayerGroup('pipes');
  steps.clearBoundaries();
  steps.clearSelection();
  await wait(DELAYS.filterApplyMs);
  const { state, boundaries } = fromSavedFilters(saved.filters);
  steps.applyFilters(state);
  steps.applyBoundaries(boundaries);
}
