// POST /api/projects → 201 the project with its pipes (PLAN-API-01): from chosen pipes (pipe_ids) or from a drawn
// area (project_area WKT), with the map image as a PNG data URL.
import type { ProjectCreate } from '@pipewise/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Camelize } from '../../../lib/case.ts';
import { plannerKeys, type ProjectDetailView } from './types.ts';

export type ProjectInput = Camelize<ProjectCreate>;

export function createProject(input: ProjectInput): Promise<ProjectDetailView> {
  return api<ProjectDetailView>('POST', '/api/projects', input);
}

export function useCreateProject(datasetId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: (project) => {
      client.setQueryData(plannerKeys.project(project.id), project);
      return client.invalidateQueries({ queryKey: plannerKeys.projects(datasetId) });
    },
  });
}
