import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { pipeOnMapPath } from '../../lib/map-links.ts';
import { usePipeDeepLink } from './use-pipe-deep-link.ts';

function follow(path: string) {
  const onSelectPipe = vi.fn();
  let location = '';
  const Probe = ({ children }: { children?: ReactNode }) => {
    usePipeDeepLink(onSelectPipe);
    const l = useLocation();
    location = `${l.pathname}${l.search}`;
    return <>{children}</>;
  };
  const router = createMemoryRouter([{ path: '/map/:view?', element: <Probe /> }], {
    initialEntries: [path],
  });
  renderHook(() => null, { wrapper: () => <RouterProvider router={router} /> });
  return { onSelectPipe, location: () => location };
}

describe('usePipeDeepLink', () => {
  it('selects the linked pipe once and takes the parameter off the address', async () => {
    const link = follow(pipeOnMapPath(4711, 'highest'));
    expect(link.onSelectPipe).toHaveBeenCalledExactlyOnceWith(4711);
    await vi.waitFor(() => expect(link.location()).toBe('/map/highest'));
    expect(link.onSelectPipe).toHaveBeenCalledTimes(1);
  });

  it('ignores an id that is not one, and a map opened without a link', () => {
    expect(follow('/map/lof?pipe=abc').onSelectPipe).not.toHaveBeenCalled();
    expect(follow('/map/lof?pipe=-3').onSelectPipe).not.toHaveBeenCalled();
    expect(follow('/map/lof').onSelectPipe).not.toHaveBeenCalled();
  });
});
