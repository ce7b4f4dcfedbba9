// GET /api/projects/{id}/image → the map image saved with the project, as a data URL (bearer token needed, so
// not an <img src>). Null when the project has none.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiBlob } from '../../../lib/api-client.ts';
import { plannerKeys } from './types.ts';

const asDataUrl = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Reading the image failed'));
    reader.readAsDataURL(blob);
  });

export async function getProjectImage(projectId: number): Promise<string | null> {
  try {
    return await asDataUrl((await apiBlob(`/api/projects/${projectId}/image`)).blob);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

export const projectImageQuery = (projectId: number) =>
  queryOptions({
    queryKey: [...plannerKeys.project(projectId), 'image'] as const,
    queryFn: () => getProjectImage(projectId),
    staleTime: Infinity,
  });

export function useProjectImage(projectId: number, hasImage: boolean) {
  return useQuery({ ...projectImageQuery(projectId), enabled: hasImage });
}
