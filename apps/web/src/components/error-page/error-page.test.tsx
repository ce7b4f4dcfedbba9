import { render, screen } from '@testing-library/react';
import { createMemoryRouter, data, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorPageBoundary } from './ErrorPageBoundary.tsx';
import { RouteErrorPage } from './RouteErrorPage.tsx';
import { errorTitleKey, toRouteError } from './route-error.ts';

function renderRouteError(thrown: () => never, embedded = false) {
  const router = createMemoryRouter(
    [
      { path: '/home', element: <p>home</p> },
      { path: '/boom', loader: thrown, element: null, errorElement: <RouteErrorPage embedded={embedded} /> },
    ],
    { initialEntries: ['/boom'] },
  );
  return render(<RouterProvider router={router} />);
}

describe('error page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('maps route errors to status and message (ERR-02)', () => {
    expect(toRouteError(new Error('x'))).toEqual({ status: 500, message: 'x', mapArea: false });
    expect(toRouteError(Object.assign(new Error('gone'), { status: 410 }))).toMatchObject({ status: 410 });
    expect(errorTitleKey({ status: 404, mapArea: true })).toBe('error.mapNotFound');
    expect(errorTitleKey({ status: 404, mapArea: false })).toBe('error.notFound');
    expect(errorTitleKey({ status: 503, mapArea: false })).toBe('error.generic');
  });

  it("shows '404 Not Found' with a Home page button (SHELL-ERR-01/04)", async () => {
    renderRouteError(() => {
      throw data({ message: 'nope' }, { status: 404 });
    });
    expect(await screen.findByTestId('error-title')).toHaveTextContent('404 Not Found');
    expect(screen.getByTestId('error-home')).toHaveTextContent('Home page');
    expect(screen.getByTestId('error-home')).toHaveAttribute('href', '/home');
  });

  it("shows 'This page could not be found' in the map area (SHELL-ERR-02)", async () => {
    renderRouteError(() => {
      throw data({ area: 'map' }, { status: 404 });
    }, true);
    expect(await screen.findByTestId('error-title')).toHaveTextContent('This page could not be found');
  });

  it("shows 'An error occurred' otherwise (SHELL-ERR-03)", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRouteError(() => {
      throw new Error('kaput');
    });
    expect(await screen.findByTestId('error-title')).toHaveTextContent('An error occurred');
  });

  it('falls back when the error page itself fails (SHELL-ERR-05)', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = () => {
      throw new Error('render failed');
    };
    render(
      <ErrorPageBoundary>
        <Broken />
      </ErrorPageBoundary>,
    );
    expect(screen.getByTestId('error-page-fallback')).toHaveTextContent(
      'An error occurred while showing the error page',
    );
    expect(screen.getByRole('link', { name: 'Home page' })).toHaveAttribute('href', '/home');
  });
});
