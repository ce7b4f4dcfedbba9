// Public surface of the filters feature: the pane, the favourites dialog, the filter store and the saved-filter
// apply sequence.
export { FiltersPane } from './components/FiltersPane.tsx';
export type { FiltersPaneProps } from './components/FiltersPane.tsx';
export type { FiltersPaneContext } from './components/FilterSection.tsx';
export { SavedFiltersDialog } from './components/SavedFiltersDialog.tsx';
export type { SavedFiltersDialogMode, SavedFiltersDialogProps } from './components/SavedFiltersDialog.tsx';
export { SliderFilter } from './components/SliderFilter.tsx';
export { CheckboxFilter } from './components/CheckboxFilter.tsx';
export { useFilterStore, resetFilterStore } from './state.ts';
export type { FilterStore } from './state.ts';
export { applySavedFilter, viewFromLofType } from './apply-saved.ts';
export type { ApplySavedSteps } from './apply-saved.ts';
export { useApplySavedFilter } from './hooks/use-apply-saved-filter.ts';
export type { MapSteps } from './hooks/use-apply-saved-filter.ts';
export { useSavedFilters, getSavedFilters, savedFiltersQuery } from './api/get-saved-filters.ts';
export { useSavedFilter, getSavedFilter, savedFilterQuery } from './api/get-saved-filter.ts';
export { useCreateSavedFilter, createSavedFilter } from './api/create-saved-filter.ts';
export { useUpdateSavedFilter, updateSavedFilter } from './api/update-saved-filter.ts';
export { useDeleteSavedFilter, deleteSavedFilter } from './api/delete-saved-filter.ts';
export { savedFiltersKey, toWireFilters } from './api/types.ts';
export type { SavedFilterView, SavedFilterFiltersView } from './api/types.ts';
export { sliderScale } from './slider-scale.ts';
export type { SliderScale } from './slider-scale.ts';
