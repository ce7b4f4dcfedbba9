// GET /api/projects/{id}/pipes.csv and pipes.geojson: the project's pipes as a file. A plain link cannot carry the
// bearer token, so the file is fetched as a Blob and handed to the browser as a download.
import { apiBlob } from '../../../lib/api-client.ts';
import { downloadBlob } from '../../../lib/download.ts';

export type ProjectFileFormat = 'csv' | 'geojson';

export async function downloadProjectFile(
  projectId: number,
  format: ProjectFileFormat,
  fallbackName: string,
): Promise<void> {
  const { blob, filename } = await apiBlob(`/api/projects/${projectId}/pipes.${format}`);
  downloadBlob(blob, filename ?? `${fallbackName}.${format}`);
}
