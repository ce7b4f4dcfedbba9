import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../../../components/toast/index.ts';
import { mockApi } from '../../../test/fetch-mock.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { useSession } from '../../session/index.ts';
import type { SearchLayerGroup } from '../types.ts';
import { MapSearchBox } from './MapSearchBox.tsx';

function renderBox(layerGroup: SearchLayerGroup = 'pipes') {
  const onFound = vi.fn();
  const onPlace = vi.fn();
  renderWithApp(<MapSearchBox datasetId={7} layerGroup={layerGroup} onFound={onFound} onPlace={onPlace} />);
  return { onFound, onPlace };
}

function search(text: string) {
  const input = screen.getByTestId('map-search-input');
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

const toast = () => useToastStore.getState().toast;
const place = (name: string, coordinates: [number, number], pipeId: number | null = null) => ({
  place_name: name,
  geometry: { coordinates },
  pipe_id: pipeId,
});

describe('MapSearchBox (SRCH-01…12)', () => {
  beforeEach(() => useSession.setState({ accessToken: 'token' }));
  afterEach(() => {
    useSession.setState({ accessToken: null });
    useToastStore.getState().hide();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('opens the one pipe an id matches, without a toast', async () => {
    const api = mockApi({
      'GET /api/datasets/7/assets/search': { body: [{ id: 1042, native_pipe_id: 'P-1042' }] },
    });
    const { onFound } = renderBox();
    search('P-1042');
    await waitFor(() => expect(onFound).toHaveBeenCalledWith([{ layerGroup: 'pipes', id: 1042 }]));
    expect(api.find('GET /api/datasets/7/assets/search')).toHaveLength(1);
    expect(toast()).toBeNull();
  });

  it("reports several matches with 'Multiple pipes found' (primary, 3 s) and all of them (TOAST-12)", async () => {
    mockApi({
      'GET /api/datasets/7/assets/search': {
        body: [
          { id: 1042, native_pipe_id: 'P-10' },
          { id: 1043, native_pipe_id: 'P-100' },
        ],
      },
    });
    const { onFound } = renderBox();
    search('P-10');
    await waitFor(() =>
      expect(onFound).toHaveBeenCalledWith([
        { layerGroup: 'pipes', id: 1042 },
        { layerGroup: 'pipes', id: 1043 },
      ]),
    );
    expect(toast()).toMatchObject({ text: 'Multiple pipes found', color: 'primary', timer: 3000 });
  });

  it("says 'Pipes not found' (warning, 3 s, top) for an id nothing matches, without asking for addresses (TOAST-11)", async () => {
    const api = mockApi({ 'GET /api/datasets/7/assets/search': { body: [] } });
    const { onFound } = renderBox();
    search('P-999');
    await waitFor(() => expect(toast()?.text).toBe('Pipes not found'));
    expect(toast()).toMatchObject({ color: 'warning', timer: 3000, top: true });
    expect(onFound).not.toHaveBeenCalled();
    expect(api.find('GET /api/datasets/7/geocode')).toEqual([]);
  });

  it('falls back to the address search and offers its results; choosing one places the map and the pipe', async () => {
    mockApi({
      'GET /api/datasets/7/assets/search': { body: [] },
      'GET /api/datasets/7/geocode': {
        body: {
          features: [place('12 Elm Street', [139.93, 37.49], 1042), place('12 Elm Court', [139.94, 37.5])],
        },
      },
    });
    const { onFound, onPlace } = renderBox();
    search('12 Elm');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['12 Elm Street', '12 Elm Court']);
    fireEvent.click(options[0]!);
    expect(onPlace).toHaveBeenCalledWith([139.93, 37.49]);
    expect(onFound).toHaveBeenCalledWith([{ layerGroup: 'pipes', id: 1042 }]);
    expect(toast()).toBeNull();
  });

  it("says 'Pipes not found' when the address search has no results either (SRCH-06)", async () => {
    mockApi({
      'GET /api/datasets/7/assets/search': { body: [] },
      'GET /api/datasets/7/geocode': { body: { features: [] } },
    });
    const { onPlace } = renderBox();
    search('Nowhere Lane');
    await waitFor(() => expect(toast()?.text).toBe('Pipes not found'));
    expect(onPlace).not.toHaveBeenCalled();
  });

  it('suggests addresses while typing after 200 ms of quiet', async () => {
    const api = mockApi({
      'GET /api/datasets/7/geocode': { body: { features: [place('Main Street', [1, 2])] } },
    });
    renderBox();
    const input = screen.getByTestId('map-search-input');
    fireEvent.change(input, { target: { value: 'Mai' } });
    fireEvent.change(input, { target: { value: 'Main' } });
    fireEvent.focus(input);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(await screen.findByText('Main Street')).toBeInTheDocument();
    expect(api.find('GET /api/datasets/7/geocode')).toHaveLength(1);
  });

  // Issue 38: '8th' read as a pipe id was never sent to the address search, and Enter over the suggestions of
  // '8th Ave' only showed them again.
  for (const text of ['8th Ave', '8th', '100 8th']) {
    it(`suggests '100 8th Ave' for '${text}' and Enter goes to the first suggestion`, async () => {
      const api = mockApi({
        'GET /api/datasets/7/assets/search': { body: [] },
        'GET /api/datasets/7/geocode': {
          body: {
            features: [place('100 8th Ave', [139.93, 37.49], 1042), place('200 8th Ave', [139.94, 37.5])],
          },
        },
      });
      const { onFound, onPlace } = renderBox();
      const input = screen.getByTestId('map-search-input');
      fireEvent.change(input, { target: { value: text } });
      const options = await screen.findAllByRole('option');
      expect(options.map((o) => o.textContent)).toEqual(['100 8th Ave', '200 8th Ave']);
      const asked = api.fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost'));
      expect(
        asked.filter((u) => u.pathname.endsWith('/geocode')).map((u) => u.searchParams.get('q')),
      ).toEqual([text]);

      fireEvent.keyDown(input, { key: 'Enter' });
      await waitFor(() => expect(onPlace).toHaveBeenCalledWith([139.93, 37.49]));
      expect(onFound).toHaveBeenCalledWith([{ layerGroup: 'pipes', id: 1042 }]);
      // The id search runs first: a native id that reads like an address is still found before it.
      expect(api.find('GET /api/datasets/7/assets/search')).toHaveLength(1);
      expect(input).toHaveValue('100 8th Ave');
      expect(screen.queryAllByRole('option')).toEqual([]);
      expect(toast()).toBeNull();
    });
  }

  it('an id match wins over the suggestions on Enter', async () => {
    mockApi({
      'GET /api/datasets/7/assets/search': { body: [{ id: 8, native_pipe_id: '8th Ave' }] },
      'GET /api/datasets/7/geocode': { body: { features: [place('100 8th Ave', [1, 2], 1042)] } },
    });
    const { onFound, onPlace } = renderBox();
    const input = screen.getByTestId('map-search-input');
    fireEvent.change(input, { target: { value: '8th Ave' } });
    await screen.findByRole('option');
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(onFound).toHaveBeenCalledWith([{ layerGroup: 'pipes', id: 8 }]));
    expect(onPlace).not.toHaveBeenCalled();
  });

  it("looks up a numbered street on Enter in the VIS layer too ('8th' is no segment number)", async () => {
    const api = mockApi({
      'GET /api/datasets/7/geocode': { body: { features: [place('100 8th Ave', [1, 2], 1042)] } },
    });
    const { onPlace } = renderBox('vis');
    search('8th');
    // One address: Enter goes there.
    await waitFor(() => expect(onPlace).toHaveBeenCalledWith([1, 2]));
    expect(api.find('GET /api/datasets/7/vis/8')).toEqual([]);
  });

  it('finds a mesh by native id and reports its native id and tile id (SRCH-09)', async () => {
    mockApi({ 'GET /api/datasets/7/areas/mesh/M-7': { body: { id: 3, native_id: 'M-7' } } });
    const { onFound } = renderBox('mesh');
    search('M-7');
    await waitFor(() =>
      expect(onFound).toHaveBeenCalledWith([{ layerGroup: 'mesh', id: 'M-7', featureId: 3 }]),
    );
  });

  it('says the localized not-found text (warning, 3 s, top) for a missing custom zone (TOAST-20)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({
      'GET /api/datasets/7/areas/custom_zone/Z-1': {
        status: 404,
        body: { status: 404, code: 'AREA_NOT_FOUND' },
      },
    });
    renderBox('custom_zone');
    search('Z-1');
    await waitFor(() => expect(toast()?.text).toBe('Custom zone Z-1 was not found.'));
    expect(toast()).toMatchObject({ color: 'warning', timer: 3000, top: true });
  });

  it('finds a VIS segment by its number', async () => {
    mockApi({ 'GET /api/datasets/7/vis/77': { body: { id: 77 } } });
    const { onFound } = renderBox('vis');
    search('77');
    await waitFor(() => expect(onFound).toHaveBeenCalledWith([{ layerGroup: 'vis', id: 77 }]));
  });
});
