// GET /api/projects/{id}/pipes.csv and pipes.geojson: the project's pipes as a file. A plain link cannot carry the
// bearer token, so the file is fetched as a Blob and handed to the browser as a download.
import { apiBlob } from '../../../lib/api-client.ts';

export type ProjectFileFormat = 'csv' | 'geojson';

export async function downloadProjectFile(
  projectId: number,
  format: ProjectFileFormat,
  fallbackName: string,
): Promise<void> {
  const { blob, filename } = await apiBlob(`/api/projects/${projectId}/pipes.${format}`);
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = filename ?? `${fallbackName}.${format}`;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has started the download; the browser keeps its own copy.
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
  }
}
