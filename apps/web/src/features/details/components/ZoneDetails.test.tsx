import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../../../components/toast/index.ts';
import { mockApi } from '../../../test/fetch-mock.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { testUser } from '../../../test/user.ts';
import { useSession } from '../../session/index.ts';
import { wireArea, wireVis } from '../test-data.ts';
import { DetailsPane } from './DetailsPane.tsx';

const imperial = { segment: 'ft', diameter: 'in', segment_large: 'mi' };

describe('DetailsPane: VIS, mesh, district and custom zone', () => {
  beforeEach(() => useSession.setState({ accessToken: 'token' }));
  afterEach(() => {
    useSession.setState({ accessToken: null });
    useToastStore.getState().hide();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows a VIS segment: oldest year, breaks, length, valves, LOF at 1/2/3/5 years (DET-VIS-01…05)', async () => {
    mockApi({
      'GET /api/user/info': { body: testUser() },
      'GET /api/datasets/7/vis/77': { body: wireVis() },
    });
    renderWithApp(
      <DetailsPane datasetId={7} selection={{ layerGroup: 'vis', id: 77 }} onClose={() => undefined} />,
    );
    expect(await screen.findByTestId('vis-install-year')).toHaveTextContent('1931');
    expect(screen.getByTestId('vis-breaks')).toHaveTextContent('6');
    expect(screen.getByTestId('vis-length')).toHaveTextContent('1,609.3 m');
    expect(screen.getByTestId('vis-lof-row-12')).toHaveTextContent('1 year10.00%1.000');
    expect(screen.getByTestId('vis-lof-row-60')).toHaveTextContent('5 years45.00%5.000');
    expect(screen.getByText('Breaks per km')).toBeInTheDocument();
    const valves = within(screen.getByTestId('vis-valves')).getAllByTestId('vis-valves-item');
    expect(valves.map((v) => v.textContent)).toEqual(['1. V-5Map ID 5', '2. V-6Map ID 6']);
    expect(screen.getAllByTestId('vis-pipes-item').map((p) => p.textContent)).toEqual([
      '1. P-11Map ID 11',
      '2. P-12Map ID 12',
    ]);
    expect(screen.getByTestId('vis-pipes-truncated')).toHaveTextContent('The first 2 of 4 pipes');
  });

  it('gives expected breaks per mile to an imperial user, and numbers a pipe list that selects', async () => {
    mockApi({
      'GET /api/user/info': {
        body: testUser({
          units: { language: 'en', default: imperial, user: imperial, currency_code: 'USD' },
        }),
      },
      'GET /api/datasets/7/vis/77': {
        body: {
          ...wireVis(),
          pipe_list: [
            { id: 1042, native_id: 'P-1042' },
            { id: 1043, native_id: 'P-1043' },
          ],
        },
      },
    });
    const onSelectPipe = vi.fn();
    renderWithApp(
      <DetailsPane
        datasetId={7}
        selection={{ layerGroup: 'vis', id: 77 }}
        onClose={() => undefined}
        onSelectPipe={onSelectPipe}
      />,
    );
    await waitFor(() => expect(screen.getByText('Breaks per mile')).toBeInTheDocument());
    expect(screen.getByTestId('vis-lof-row-12')).toHaveTextContent('1.609');
    const pipes = screen.getAllByTestId('vis-pipes-item');
    expect(pipes[1]).toHaveTextContent('2. P-1043');
    fireEvent.click(pipes[1]!);
    expect(onSelectPipe).toHaveBeenCalledWith(1043);
  });

  it('shows a segment’s expected breaks a year and, with BRE and COF, its length at high risk (issue 15)', async () => {
    mockApi({
      'GET /api/user/info': { body: testUser({ subscriptions: ['LOF', 'COF', 'BRE', 'VIS'] }) },
      'GET /api/datasets/7/vis/77': { body: wireVis() },
    });
    renderWithApp(
      <DetailsPane datasetId={7} selection={{ layerGroup: 'vis', id: 77 }} onClose={() => undefined} />,
    );
    expect(await screen.findByTestId('vis-expected-breaks')).toHaveTextContent('1.61');
    expect(screen.getByTestId('vis-top-risk-share')).toHaveTextContent('50.0%');
  });

  it('shows a mesh: name, native id, LOF 12 months, drivers, pipes and length, and flies at zoom 14', async () => {
    mockApi({
      'GET /api/user/info': { body: testUser() },
      'GET /api/datasets/7/areas/mesh/M-7': { body: wireArea() },
    });
    const onFlyTo = vi.fn();
    renderWithApp(
      <DetailsPane
        datasetId={7}
        selection={{ layerGroup: 'mesh', id: 'M-7' }}
        onClose={() => undefined}
        onFlyTo={onFlyTo}
      />,
    );
    expect(await screen.findByTestId('area-name')).toHaveTextContent('North mesh');
    expect(screen.getByTestId('area-native-id')).toHaveTextContent('M-7');
    expect(screen.getByTestId('area-lof12')).toHaveTextContent('31.00%');
    expect(screen.getByTestId('area-pipes')).toHaveTextContent('42');
    expect(screen.getByTestId('area-length')).toHaveTextContent('12.5 km');
    expect(screen.getByTestId('area-risk-drivers')).toHaveTextContent('1. Pipe age');
    fireEvent.click(screen.getByTestId('details-fly-to'));
    expect(onFlyTo).toHaveBeenCalledWith([expect.closeTo(139.925, 6), expect.closeTo(37.425, 6)], 14);
  });

  it('tells a US user a district’s expected breaks a year, per mile, its length at high risk, pipes and miles', async () => {
    mockApi({
      'GET /api/user/info': {
        body: testUser({
          units: { language: 'en', default: imperial, user: imperial, currency_code: 'USD' },
          subscriptions: ['LOF', 'COF', 'BRE'],
        }),
      },
      // A 5,000-pipe district: its combined probability is 100 %, which says nothing.
      'GET /api/datasets/7/areas/district/D-1': {
        body: wireArea({
          native_id: 'D-1',
          name: 'Old town',
          kind: 'district',
          lof_12: 1,
          expected_breaks_12: 96.5,
          expected_breaks_per_km_year: 0.193,
          top_risk_share: 0.625,
          pipes: 5000,
          length: 500_000,
        }),
      },
    });
    renderWithApp(
      <DetailsPane
        datasetId={7}
        selection={{ layerGroup: 'district', id: 'D-1' }}
        onClose={() => undefined}
      />,
    );
    expect(await screen.findByTestId('area-name')).toHaveTextContent('Old town');
    expect(screen.getByTestId('area-expected-breaks')).toHaveTextContent('96.50');
    // 0.193 per km × 1.60934 km per mile.
    expect(screen.getByText('Expected breaks per mile per year')).toBeInTheDocument();
    expect(screen.getByTestId('area-break-rate')).toHaveTextContent('0.311');
    expect(screen.getByText('Length at high or very high risk')).toBeInTheDocument();
    expect(screen.getByTestId('area-top-risk-share')).toHaveTextContent('62.5%');
    expect(screen.getByTestId('area-pipes')).toHaveTextContent('5,000');
    expect(screen.getByTestId('area-length')).toHaveTextContent('310.69 mi');
    // The saturated probability is left out.
    expect(screen.queryByTestId('area-lof12')).toBeNull();
  });

  it('marks the high-risk share restricted without BRE, and gives a metric user the rate per km', async () => {
    mockApi({
      'GET /api/user/info': { body: testUser({ subscriptions: ['LOF', 'COF'] }) },
      'GET /api/datasets/7/areas/mesh/M-7': { body: wireArea({ top_risk_share: null }) },
    });
    renderWithApp(
      <DetailsPane datasetId={7} selection={{ layerGroup: 'mesh', id: 'M-7' }} onClose={() => undefined} />,
    );
    expect(await screen.findByTestId('area-top-risk-share')).toHaveTextContent('Restricted');
    expect(screen.getByText('Expected breaks per km per year')).toBeInTheDocument();
    expect(screen.getByTestId('area-break-rate')).toHaveTextContent('0.030');
    expect(screen.getByTestId('area-expected-breaks')).toHaveTextContent('0.37');
  });

  it('toasts the localized not-found text (warning, 3 s, top) and reports a missing district (TOAST-20)', async () => {
    const report = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({
      'GET /api/user/info': { body: testUser() },
      'GET /api/datasets/7/areas/district/D-9': {
        status: 404,
        body: { status: 404, code: 'AREA_NOT_FOUND', message: 'No such area' },
      },
    });
    renderWithApp(
      <DetailsPane
        datasetId={7}
        selection={{ layerGroup: 'district', id: 'D-9' }}
        onClose={() => undefined}
      />,
    );
    await waitFor(() => expect(useToastStore.getState().toast?.text).toBe('District D-9 was not found.'));
    expect(useToastStore.getState().toast).toMatchObject({ color: 'warning', timer: 3000, top: true });
    expect(await screen.findByTestId('details-error')).toHaveTextContent('District D-9 was not found.');
    expect(report).toHaveBeenCalled();
  });
});
