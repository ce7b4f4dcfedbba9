// DELETE /api/projects/{id} → 204.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { plannerKeys } from './types.ts';

export function deleteProject(id: number): Promise<void> {
  return api<void>('DELETE', `/api/projects/${id}`);
}

export function useDeleteProject(datasetId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: (_done, id) => {
      client.removeQueries({ queryKey: plannerKeys.project(id) });
      return client.invalidateQueries({ queryKey: plannerKeys.projects(datasetId) });
    },
  });
}
