export { ErrorPage } from './ErrorPage.tsx';
export { ErrorPageBoundary } from './ErrorPageBoundary.tsx';
export { RouteErrorPage } from './RouteErrorPage.tsx';
export { toRouteError, errorTitleKey } from './route-error.ts';
export type { RouteErrorInfo } from './route-error.ts';
