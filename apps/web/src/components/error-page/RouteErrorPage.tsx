// The router's errorElement: maps the thrown error to the error page, and reloads once when the
// error is a failed chunk load (ERR-03).
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { isChunkLoadError, reloadOnce } from '../../lib/chunk-reload.ts';
import { ErrorPage } from './ErrorPage.tsx';
import { ErrorPageBoundary } from './ErrorPageBoundary.tsx';
import { toRouteError } from './route-error.ts';
import { reportError } from '../../lib/report-error.ts';

export function RouteErrorPage({ embedded = false }: { embedded?: boolean }) {
  const error = useRouteError();
  const chunkError = isChunkLoadError(error);
  useEffect(() => {
    if (chunkError) reloadOnce();
    else if (!(error && typeof error === 'object' && 'status' in error))
      reportError('Unexpected error on the page', error);
  }, [chunkError, error]);
  return (
    <ErrorPageBoundary>
      <ErrorPage error={toRouteError(error)} embedded={embedded} />
    </ErrorPageBoundary>
  );
}
