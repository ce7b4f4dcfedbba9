// ERR-02: a route error becomes { status, message }, using its status code or 500.
import { isRouteErrorResponse } from 'react-router';

export interface RouteErrorInfo {
  status: number;
  message: string;
  /** A 404 inside the map area shows its own text (SHELL-ERR-02). */
  mapArea: boolean;
}

function readMapArea(data: unknown): boolean {
  return typeof data === 'object' && data != null && (data as { area?: unknown }).area === 'map';
}

export function toRouteError(error: unknown): RouteErrorInfo {
  if (isRouteErrorResponse(error)) {
    const data: unknown = error.data;
    const message =
      typeof data === 'string' ? data : ((data as { message?: string } | null)?.message ?? error.statusText);
    return { status: error.status, message, mapArea: readMapArea(data) };
  }
  if (error instanceof Error) {
    const status = (error as { status?: unknown }).status;
    return { status: typeof status === 'number' ? status : 500, message: error.message, mapArea: false };
  }
  return { status: 500, message: typeof error === 'string' ? error : 'Unknown error', mapArea: false };
}

/** Which title the error page shows (SHELL-ERR-01…03). */
export function errorTitleKey(info: Pick<RouteErrorInfo, 'status' | 'mapArea'>): string {
  if (info.status === 404) return info.mapArea ? 'error.mapNotFound' : 'error.notFound';
  return 'error.generic';
}
