import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../../../components/toast/index.ts';
import { mockApi } from '../../../test/fetch-mock.ts';
import { ExportAssetsButton } from './ExportAssetsButton.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  useToastStore.getState().hide();
});

describe('ExportAssetsButton', () => {
  it('with nothing visible warns and sends nothing (EXP-06)', () => {
    const api = mockApi({});
    render(
      <ExportAssetsButton
        datasetId={7}
        layerGroup="pipes"
        collapsed={false}
        getIds={() => ({ visible: [], hidden: [1, 2] })}
      />,
    );
    fireEvent.click(screen.getByTestId('export-assets'));
    expect(useToastStore.getState().toast).toMatchObject({ color: 'warning', timer: 2000 });
    expect(api.calls).toHaveLength(0);
  });

  it('sends the hidden ids for the pipes (type lof) and names the recipient (EXP-02…05)', async () => {
    const api = mockApi({
      'POST /api/datasets/7/exports/email': { status: 202, body: { email: 'ann@utility.test' } },
    });
    render(
      <ExportAssetsButton
        datasetId={7}
        layerGroup="pipes"
        collapsed={false}
        getIds={() => ({ visible: [3], hidden: [1, 2] })}
      />,
    );
    fireEvent.click(screen.getByTestId('export-assets'));
    await waitFor(() => expect(useToastStore.getState().toast?.color).toBe('success'));
    expect(useToastStore.getState().toast?.text).toContain('ann@utility.test');
    const [call] = api.find('POST /api/datasets/7/exports/email');
    expect(call?.body).toEqual({ hidden_ids: [1, 2] });
    const url = String(api.fetchMock.mock.calls.at(-1)?.[0]);
    expect(url).toContain('extension=csv');
    expect(url).toContain('type=lof');
  });

  it('is disabled for a demo account, which may not export (TBD-05)', () => {
    const api = mockApi({});
    render(
      <ExportAssetsButton
        datasetId={7}
        layerGroup="pipes"
        collapsed={false}
        getIds={() => ({ visible: [3], hidden: [] })}
        demo
      />,
    );
    expect(screen.getByTestId('export-assets')).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(screen.getByTestId('export-assets'));
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('sends the map filter along, untouched by the key conversion (EXP-04 reading)', async () => {
    const api = mockApi({
      'POST /api/datasets/7/exports/email': { status: 202, body: { email: 'ann@utility.test' } },
    });
    const filter = [
      'all',
      ['>=', ['to-number', ['get', 'install_year']], 1960],
      ['in', ['id'], ['literal', [4]]],
    ];
    render(
      <ExportAssetsButton
        datasetId={7}
        layerGroup="pipes"
        collapsed={false}
        getIds={() => ({ visible: [4], hidden: [1], filter })}
      />,
    );
    fireEvent.click(screen.getByTestId('export-assets'));
    await waitFor(() => expect(api.find('POST /api/datasets/7/exports/email')).toHaveLength(1));
    expect(api.find('POST /api/datasets/7/exports/email')[0]?.body).toEqual({ hidden_ids: [1], filter });
  });

  it('uses type vis for segments and reports a failure (TOAST-16)', async () => {
    const api = mockApi({
      'POST /api/datasets/7/exports/email': { status: 500, body: { status: 500, message: 'x' } },
    });
    render(
      <ExportAssetsButton
        datasetId={7}
        layerGroup="vis"
        collapsed={false}
        getIds={() => ({ visible: [3], hidden: [] })}
      />,
    );
    fireEvent.click(screen.getByTestId('export-assets'));
    await waitFor(() => expect(useToastStore.getState().toast?.color).toBe('error'));
    const exportCall = api.fetchMock.mock.calls.find(([url]) => String(url).includes('/exports/email'));
    expect(String(exportCall?.[0])).toContain('type=vis');
    // …and the failure went to the error-reporting service.
    await waitFor(() => expect(api.find('POST /api/client-errors')).toHaveLength(1));
  });

  it('is disabled for layers without an export (mesh, district, custom zone)', () => {
    render(<ExportAssetsButton datasetId={7} layerGroup="mesh" collapsed={false} getIds={() => null} />);
    expect(screen.getByTestId('export-assets')).toHaveAttribute('aria-disabled', 'true');
  });
});
