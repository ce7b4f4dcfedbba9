import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ImportDefinition, ImportRun } from '@pipewise/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { mockApi } from '../../../test/fetch-mock.ts';
import { renderPage, resetAppState } from '../../../test/render-page.tsx';
import { testUser } from '../../../test/user.ts';
import { useSession } from '../../session/index.ts';
import { ScheduledImportsSection } from './ScheduledImportsSection.tsx';

const HELD: ImportRun = {
  id: 7,
  definition_id: 3,
  trigger: 'schedule',
  status: 'held',
  reason: '11 of 41 rows (26.8 %) would be removed, more than the limit of 5 %',
  file_name: 'pipes.geojson',
  upload_id: 'u-1',
  import_id: null,
  change: {
    current: 41,
    incoming: 30,
    removed: 11,
    added: 0,
    removed_percent: 26.8,
    added_percent: 0,
    by: 'native-id',
  },
  report: null,
  created_at: '2026-12-07T01:30:00Z',
  finished_at: '2026-12-07T01:30:04Z',
};

const NIGHTLY: ImportDefinition = {
  id: 3,
  name: 'Nightly mains',
  snapshot_group_id: 12,
  snapshot_group_name: 'Louisville mains',
  source: {
    type: 'url',
    url: 'http://gis.lan/ogc/collections/mains/items?key=secret',
    format: 'ogc-features',
  },
  file: null,
  schedule: '30 2 * * *',
  time_zone: 'Europe/Berlin',
  options: {
    layer: 'pipes',
    type: 'assets',
    asset_layer: 'pipes',
    mapping: { nativeId: 'id' },
    materials: {},
    answers: {
      length_unit: 'm',
      diameter_unit: 'mm',
      date_format: 'auto',
      missing_means: 'unknown',
      geometryless_pipes: 'block',
      unknown_pipe_ids: 'block',
    },
    snap_tolerance_m: 10,
    node_tolerance_m: 0.5,
    lof_features: [],
  },
  limits: { max_removed_percent: 5, max_added_percent: null, allow_skipped_rows: false },
  enabled: true,
  next_run_at: '2026-12-08T01:30:00Z',
  created_by_name: 'Ada Lovelace',
  created_at: '2026-12-01T10:00:00Z',
  updated_at: '2026-12-01T10:00:00Z',
  last_run: HELD,
};

describe('ScheduledImportsSection', () => {
  beforeEach(async () => {
    resetAppState();
    useSession.getState().setTokens({ access: 'access-1', refresh: 'refresh-1' });
    await i18n.loadNamespaces(['data']);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.getState().clear();
  });

  it('lists a definition with its source, schedule and held run, and commits the run on request', async () => {
    const api = mockApi({
      'GET /api/user/info': { body: testUser() },
      'GET /api/import-definitions': { body: { definitions: [NIGHTLY] } },
      'GET /api/import-definitions/3/runs': { body: { runs: [HELD] } },
      'POST /api/import-definitions/3/runs/7/commit': {
        body: { ...HELD, status: 'importing', reason: null },
      },
    });
    await renderPage('/data/scheduled-imports', '/data/scheduled-imports', <ScheduledImportsSection />);
    const row = await screen.findByTestId('scheduled-import-3');
    expect(row).toHaveTextContent('Louisville mains');
    expect(row).toHaveTextContent('OGC API – Features items');
    // The GIS's key in the query is not shown.
    expect(row).not.toHaveTextContent('secret');
    expect(row).toHaveTextContent('30 2 * * * (Europe/Berlin)');
    expect(row).toHaveTextContent('Waiting for review');

    const user = userEvent.setup();
    await user.click(within(row).getByText('Nightly mains'));
    const runs = await screen.findByTestId('scheduled-runs-3');
    expect(runs).toHaveTextContent('would be removed');
    expect(runs).toHaveTextContent('11 removed, 0 added of 41 (26.8 % removed)');
    await user.click(screen.getByTestId('scheduled-run-commit-7'));
    await waitFor(() => expect(api.find('POST /api/import-definitions/3/runs/7/commit')).toHaveLength(1));
  });
});
