// Archive / unarchive one import (spec 001 §4: the local archive flag changes only after the call succeeds;
// §5: nothing happens without an id).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { archiveImport } from '../api/archive-import.ts';
import { IMPORTS_KEY, type ImportItem } from '../api/get-imports.ts';
import { unarchiveImport } from '../api/unarchive-import.ts';

export interface ArchiveRequest {
  id: number | null | undefined;
  archive: boolean;
}

export function useArchiveToggle() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ id, archive }: { id: number; archive: boolean }) =>
      archive ? archiveImport(id) : unarchiveImport(id),
    onSuccess: (_item, { id, archive }) => {
      queryClient.setQueriesData<ImportItem[]>({ queryKey: IMPORTS_KEY }, (list) =>
        list?.map((item) => (item.id === id ? { ...item, archive } : item)),
      );
    },
  });
  return {
    ...mutation,
    /** Returns false, calling nothing, when the item has no id. */
    toggle: ({ id, archive }: ArchiveRequest): boolean => {
      if (id == null) return false;
      mutation.mutate({ id, archive });
      return true;
    },
  };
}
