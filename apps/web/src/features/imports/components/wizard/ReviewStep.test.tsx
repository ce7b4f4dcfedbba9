import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../../test/fetch-mock.ts';
import { renderPage, resetAppState } from '../../../../test/render-page.tsx';
import { useSession } from '../../../session/index.ts';
import { useImportWizard } from '../../state.ts';
import { importItem, wizardAfterUpload } from '../../test-fixtures.ts';
import { ReviewStep } from './ReviewStep.tsx';

function report(overrides: Record<string, unknown> = {}) {
  return {
    rows: 1156,
    imported: 1150,
    skipped: 6,
    problems: {
      'duplicate-native-id': {
        count: 2,
        examples: [
          { row: 17, field: 'nativeId', value: 'P-9', message: 'P-9 appears twice (rows 12 and 17)' },
          { row: 44, field: 'nativeId', value: 'P-30', message: 'P-30 appears twice (rows 40 and 44)' },
        ],
      },
      'unmapped-material': {
        count: 4,
        examples: [{ row: 3, field: 'material', value: 'XYZ-7', message: 'XYZ-7 has no material code' }],
      },
    },
    topology: {
      nodes: 1100,
      components: 3,
      largest_component_share: 0.97,
      dangling_ends: 12,
      unsnapped_ends: 2,
      unsnapped_examples: [],
      valves_far: 0,
    },
    matching: null,
    can_import: true,
    blocking: [],
    warnings: [],
    ...overrides,
  };
}

describe('ReviewStep', () => {
  beforeEach(async () => {
    resetAppState();
    await wizardAfterUpload({
      step: 6,
      mapping: { nativeId: 'name', diameter: 'diameter', installYear: '' },
      materials: { 'Cast Iron': 0, 'XYZ-7': 7 },
      answers: {
        lengthUnit: 'm',
        diameterUnit: 'm',
        dateFormat: 'auto',
        missingMeans: 'unknown',
        geometrylessPipes: 'block',
        unknownPipeIds: 'block',
      },
      crs: 'EPSG:3547',
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.getState().clear();
  });

  it('shows the counts, each problem with its first rows, and the network check', async () => {
    const api = mockApi({ 'POST /api/imports/uploads/up-1/validate': { body: report() } });
    await renderPage('/data/import', '/data/import', <ReviewStep />);

    const duplicates = await screen.findByTestId('import-problem-duplicate-native-id');
    expect(duplicates).toHaveTextContent('Duplicate ID (rows: 2)');
    expect(within(duplicates).getByText('P-9 appears twice (rows 12 and 17)')).toBeInTheDocument();
    expect(within(duplicates).getAllByText('Asset ID')).toHaveLength(2);
    expect(screen.getByTestId('import-problem-unmapped-material')).toHaveTextContent('XYZ-7');
    expect(screen.getByTestId('import-report-counts')).toHaveTextContent('1,150');
    expect(screen.getByTestId('import-topology')).toHaveTextContent('97 %');
    expect(screen.getByTestId('import-can-import')).toHaveTextContent('1,150');

    // The options go over the wire as the server names them: data-keyed maps keep their keys.
    expect(api.find('POST /api/imports/uploads/up-1/validate')[0]?.body).toEqual({
      layer: 'ky4_pipes',
      crs: 'EPSG:3547',
      type: 'assets',
      asset_layer: 'pipes',
      mapping: { nativeId: 'name', diameter: 'diameter' },
      materials: { 'Cast Iron': 0, 'XYZ-7': 7 },
      answers: {
        length_unit: 'm',
        diameter_unit: 'm',
        date_format: 'auto',
        missing_means: 'unknown',
        geometryless_pipes: 'block',
        unknown_pipe_ids: 'block',
      },
      snap_tolerance_m: 10,
      node_tolerance_m: 0.5,
      lof_features: [],
      target: { new_group_name: 'Kentucky KY4' },
    });
    expect(screen.getByTestId('import-review-risk-factors')).toHaveTextContent('Risk factors: none');
  });

  it('shows the chosen risk factors and sends them, in order, with validate and commit', async () => {
    useImportWizard.getState().set({ lofFeatures: ['Material_Type', 'length'] });
    const api = mockApi({
      'POST /api/imports/uploads/up-1/validate': { body: report() },
      'POST /api/imports/uploads/up-1/commit': { status: 202, body: importItem() },
    });
    await renderPage('/data/import', '/data/import', <ReviewStep />);
    expect(await screen.findByTestId('import-review-risk-factors')).toHaveTextContent(
      'Risk factors: Material_Type, length',
    );
    await userEvent.setup().click(await screen.findByTestId('import-commit'));
    await waitFor(() => expect(api.find('POST /api/imports/uploads/up-1/commit')).toHaveLength(1));
    expect(api.find('POST /api/imports/uploads/up-1/validate')[0]?.body).toMatchObject({
      lof_features: ['Material_Type', 'length'],
    });
    expect(api.find('POST /api/imports/uploads/up-1/commit')[0]?.body).toMatchObject({
      mapping: { nativeId: 'name', diameter: 'diameter' },
      lof_features: ['Material_Type', 'length'],
    });
  });

  it('neither shows nor sends risk factors for a layer other than pipes', async () => {
    useImportWizard.getState().set({ assetLayer: 'valves', lofFeatures: ['length'] });
    const api = mockApi({
      'POST /api/imports/uploads/up-1/validate': { body: report({ topology: null }) },
      'POST /api/imports/uploads/up-1/commit': { status: 202, body: importItem({ asset_layer: 'valves' }) },
    });
    await renderPage('/data/import', '/data/import', <ReviewStep />);
    await userEvent.setup().click(await screen.findByTestId('import-commit'));
    await waitFor(() => expect(api.find('POST /api/imports/uploads/up-1/commit')).toHaveLength(1));
    expect(screen.queryByTestId('import-review-risk-factors')).not.toBeInTheDocument();
    const posts = api.calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.path)).toEqual([
      '/api/imports/uploads/up-1/validate',
      '/api/imports/uploads/up-1/commit',
    ]);
    for (const call of posts) expect(call.body).not.toHaveProperty('lof_features');
    expect(api.find('POST /api/imports/uploads/up-1/commit')[0]?.body).toMatchObject({
      asset_layer: 'valves',
    });
  });

  it('says clearly when the data cannot be imported, and offers no import', async () => {
    mockApi({
      'POST /api/imports/uploads/up-1/validate': {
        body: report({ can_import: false, blocking: ['missing-geometry'], imported: 0 }),
      },
    });
    await renderPage('/data/import', '/data/import', <ReviewStep />);
    expect(await screen.findByTestId('import-blocked')).toHaveTextContent('cannot be imported');
    expect(screen.getByTestId('import-blocking')).toHaveTextContent('Missing geometry');
    expect(screen.getByTestId('import-commit')).toBeDisabled();
  });

  it('warns of key pipe attributes left unmapped, and still offers the import (issue 15)', async () => {
    mockApi({
      'POST /api/imports/uploads/up-1/validate': {
        body: report({ warnings: ['unmapped-install-year', 'unmapped-material'] }),
      },
    });
    await renderPage('/data/import', '/data/import', <ReviewStep />);
    const warnings = await screen.findByTestId('import-warnings');
    expect(warnings).toHaveTextContent('Imported, but the analysis will miss these');
    expect(warnings).toHaveTextContent('The install year is not mapped');
    expect(warnings).toHaveTextContent('The material is not mapped');
    expect(warnings).not.toHaveTextContent('diameter');
    expect(screen.getByTestId('import-commit')).toBeEnabled();
  });

  it('blocks pipes without geometry until the user imports them as attributes only (issue 15)', async () => {
    const missing = {
      'missing-geometry': {
        count: 3,
        examples: [{ row: 4, field: 'geometry', value: '', message: 'pipe without geometry' }],
      },
    };
    const api = mockApi({
      'POST /api/imports/uploads/up-1/validate': (call) => ({
        body:
          (call.body as { answers: { geometryless_pipes: string } }).answers.geometryless_pipes ===
          'attributes-only'
            ? report({ problems: missing })
            : report({ problems: missing, can_import: false, blocking: ['geometryless-pipes'] }),
      }),
    });
    await renderPage('/data/import', '/data/import', <ReviewStep />);
    expect(await screen.findByTestId('import-blocking')).toHaveTextContent(
      'Pipes without geometry: fix the file, or choose to import them as attributes only',
    );
    expect(screen.getByTestId('import-commit')).toBeDisabled();
    const choice = screen.getByTestId('import-geometryless-pipes');
    expect(choice).toHaveTextContent('(rows: 3)');
    await userEvent.click(within(choice).getByRole('checkbox'));
    expect(await screen.findByTestId('import-can-import')).toBeInTheDocument();
    expect(screen.getByTestId('import-commit')).toBeEnabled();
    expect(api.find('POST /api/imports/uploads/up-1/validate').at(-1)?.body).toMatchObject({
      answers: { geometryless_pipes: 'attributes-only' },
    });
  });

  it('names what the network check found by the file own ids and rows, distances in the user unit (issue 16)', async () => {
    const end = (nativeId: string, row: number, e: string, nodeId?: string) => ({
      native_id: nativeId,
      row,
      end: e,
      ...(nodeId ? { node_id: nodeId } : {}),
    });
    mockApi({
      'POST /api/imports/uploads/up-1/validate': {
        body: report({
          topology: {
            ...report().topology,
            mode: 'coordinates',
            tolerance_m: 0.5,
            links: 1156,
            largest_merge_m: 0.445,
            merged_ends: {
              count: 63,
              examples: [{ ...end('P-12', 12, 'end'), distance_m: 0.445, with: [end('P-13', 13, 'start')] }],
            },
            self_loops: { count: 35, examples: [{ native_id: 'PUMP-1', row: 80, length_m: 0 }] },
            zero_length_links: { count: 1, examples: [{ native_id: 'PUMP-1', row: 80 }] },
            component_sizes: [
              { nodes: 1000, links: 1100, length_m: 120000, native_id: 'P-1', row: 1 },
              { nodes: 3, links: 2, length_m: 80, native_id: 'P-900', row: 900 },
            ],
          },
        }),
      },
    });
    await renderPage('/data/import', '/data/import', <ReviewStep />);
    expect(await screen.findByTestId('import-topology-mode')).toHaveTextContent(
      'pipe ends within 0.5 m of each other were joined into one node (largest distance joined: 0.445 m)',
    );
    const merged = screen.getByTestId('import-topology-mergedEnds');
    expect(merged).toHaveTextContent('Groups of ends at different points joined into one node: 63');
    expect(merged).toHaveTextContent('P-12 end');
    expect(merged).toHaveTextContent('P-13 start · Row 13');
    expect(screen.getByTestId('import-topology-selfLoops')).toHaveTextContent('PUMP-180');
    expect(screen.getByTestId('import-topology-zeroLengthLinks')).toHaveTextContent(
      'kept between their two nodes: 1',
    );
    expect(screen.getByTestId('import-topology-components')).toHaveTextContent('P-900');
    expect(screen.getByTestId('import-topology')).toHaveTextContent('1,156');
  });

  it('says the node IDs are mapped when rows without one made it join by coordinates (issue 38)', async () => {
    mockApi({
      'POST /api/imports/uploads/up-1/validate': {
        body: report({
          topology: { ...report().topology, mode: 'coordinates', tolerance_m: 0.5, missing_node_ids: 3 },
        }),
      },
    });
    await renderPage('/data/import', '/data/import', <ReviewStep />);
    const mode = await screen.findByTestId('import-topology-mode');
    expect(mode).toHaveTextContent('The node ID columns are mapped, but 3 pipes have none');
    expect(mode).not.toHaveTextContent('The file has no node IDs');
  });

  it('holds valves on unknown pipes until the user imports them unlinked (issue 16)', async () => {
    useImportWizard.getState().set({ assetLayer: 'valves' });
    const unknown = {
      'unknown-pipe-id': {
        count: 1,
        examples: [
          {
            row: 5,
            field: 'native_pipe_id',
            value: 'NOPE',
            message: "valve VBAD: pipe NOPE is not among the network's pipes",
          },
        ],
      },
    };
    const api = mockApi({
      'POST /api/imports/uploads/up-1/validate': (call) => ({
        body:
          (call.body as { answers: { unknown_pipe_ids: string } }).answers.unknown_pipe_ids === 'unlinked'
            ? report({ topology: null, problems: unknown, warnings: ['valves-unknown-pipe'] })
            : report({
                topology: null,
                problems: unknown,
                can_import: false,
                blocking: ['valves-unknown-pipe'],
              }),
      }),
    });
    await renderPage('/data/import', '/data/import', <ReviewStep />);
    expect(await screen.findByTestId('import-blocking')).toHaveTextContent(
      'Valves name pipes the network does not have',
    );
    expect(screen.getByTestId('import-problem-unknown-pipe-id')).toHaveTextContent('valve VBAD: pipe NOPE');
    expect(screen.getByTestId('import-commit')).toBeDisabled();
    const choice = screen.getByTestId('import-unknown-pipe-ids');
    expect(choice).toHaveTextContent('(rows: 1)');
    await userEvent.click(within(choice).getByRole('checkbox'));
    expect(await screen.findByTestId('import-warnings')).toHaveTextContent('imported unlinked');
    expect(screen.getByTestId('import-commit')).toBeEnabled();
    expect(api.find('POST /api/imports/uploads/up-1/validate').at(-1)?.body).toMatchObject({
      answers: { unknown_pipe_ids: 'unlinked' },
    });
  });

  it('starts the import and moves on to its progress', async () => {
    const api = mockApi({
      'POST /api/imports/uploads/up-1/validate': { body: report() },
      'POST /api/imports/uploads/up-1/commit': { status: 202, body: importItem() },
    });
    await renderPage('/data/import', '/data/import', <ReviewStep />);
    await userEvent.setup().click(await screen.findByTestId('import-commit'));
    await waitFor(() => expect(useImportWizard.getState().importId).toBe(41));
    expect(useImportWizard.getState().step).toBe(7);
    expect(api.find('POST /api/imports/uploads/up-1/commit')[0]?.body).toMatchObject({
      materials: { 'Cast Iron': 0, 'XYZ-7': 7 },
    });
  });

  it('shows the server message when the import is refused', async () => {
    mockApi({
      'POST /api/imports/uploads/up-1/validate': { body: report() },
      'POST /api/imports/uploads/up-1/commit': {
        status: 409,
        body: {
          status: 409,
          code: 'IMPORT_BLOCKED',
          message: 'The upload has expired; upload the file again',
        },
      },
    });
    await renderPage('/data/import', '/data/import', <ReviewStep />);
    await userEvent.setup().click(await screen.findByTestId('import-commit'));
    expect(await screen.findByTestId('import-commit-error')).toHaveTextContent('The upload has expired');
    expect(useImportWizard.getState().step).toBe(6);
  });
});
