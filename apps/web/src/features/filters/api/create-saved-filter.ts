// POST /api/saved-filters → 201 the saved filter (FILT-SAV-05). The body's `filters` is already in the wire shape.
import type { SavedFilterFilters } from '@pipewise/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { savedFiltersKey, type SavedFilterView } from './types.ts';

export interface CreateSavedFilterInput {
  snapshotId: number;
  name: string;
  jobPlannerScenario?: number | null;
  filters: SavedFilterFilters;
  lofType: string;
}

export function createSavedFilter(input: CreateSavedFilterInput): Promise<SavedFilterView> {
  return api<SavedFilterView>('POST', '/api/saved-filters', input);
}

export function useCreateSavedFilter(snapshotId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<CreateSavedFilterInput, 'snapshotId'>) =>
      createSavedFilter({ ...input, snapshotId }),
    onSuccess: () => client.invalidateQueries({ queryKey: savedFiltersKey(snapshotId) }),
  });
}
