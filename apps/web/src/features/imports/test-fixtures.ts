// Wire answers (snake_case, as the server sends them) for the imports tests.
import { i18n } from '../../lib/i18n.ts';
import { useSession } from '../session/index.ts';
import { useImportWizard } from './state.ts';

export const UPLOAD = {
  id: 'up-1',
  file_name: 'ky4_pipes.geojson',
  size: 532778,
  format: 'geojson',
  layers: [
    {
      name: 'ky4_pipes',
      geometry_type: 'LineString',
      feature_count: 1156,
      columns: ['name', 'diameter', 'length', 'Material_Type'],
      crs: 'EPSG:3547',
    },
  ],
};

export function importItem(overrides: Record<string, unknown> = {}) {
  return {
    id: 41,
    type: 'assets',
    asset_layer: 'pipes',
    file_name: 'ky4_pipes.geojson',
    format: 'geojson',
    status: 'queued',
    progress: 0,
    rows: 1156,
    imported: null,
    skipped: null,
    message: null,
    report: null,
    snapshot_group_id: null,
    dataset_id: null,
    archive: false,
    created_by: 'Ada Lovelace',
    created_at: '2026-11-22T04:00:00Z',
    finished_at: null,
    ...overrides,
  };
}

/** Logged in, the data texts loaded, and the wizard as if the file was uploaded and its one layer chosen. */
export async function wizardAfterUpload(patch: Partial<ReturnType<typeof useImportWizard.getState>> = {}) {
  useSession.getState().setTokens({ access: 'access-1', refresh: 'refresh-1' });
  await i18n.loadNamespaces(['data']);
  useImportWizard.getState().reset();
  useImportWizard.getState().set({
    upload: {
      id: UPLOAD.id,
      fileName: UPLOAD.file_name,
      size: UPLOAD.size,
      format: 'geojson',
      layers: [
        {
          name: 'ky4_pipes',
          geometryType: 'LineString',
          featureCount: 1156,
          columns: ['name', 'diameter', 'length', 'Material_Type'],
          crs: 'EPSG:3547',
        },
      ],
    },
    layer: 'ky4_pipes',
    newGroupName: 'Kentucky KY4',
    ...patch,
  });
}
