// PATCH /api/projects/{id} → the project with its pipes: an edit, a status change, or pipes added (pipe_ids).
import type { ProjectUpdate } from '@pipewise/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Camelize } from '../../../lib/case.ts';
import { plannerKeys, type ProjectDetailView } from './types.ts';

export type ProjectPatch = Camelize<ProjectUpdate>;

export function updateProject(id: number, patch: ProjectPatch): Promise<ProjectDetailView> {
  return api<ProjectDetailView>('PATCH', `/api/projects/${id}`, patch);
}

export function useUpdateProject(datasetId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: ProjectPatch }) => updateProject(id, patch),
    onSuccess: (project) => {
      client.setQueryData(plannerKeys.project(project.id), project);
      return client.invalidateQueries({ queryKey: plannerKeys.projects(datasetId) });
    },
  });
}
