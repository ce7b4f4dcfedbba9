// The web's error-reporting service (000 §8, 001 §8: saved filter, planner scenario and report failures are "reported
// to an error-reporting service"): a failure goes to the console for whoever has the developer tools open and to the
// server (POST /api/client-errors), which logs it with the user and client for the operator. Reporting never throws,
// never logs the user out, and does not report its own failure (no loop).
import { ABORTED, api, ApiError } from './api-client.ts';

const MESSAGE_MAX = 500;
const DETAIL_MAX = 4000;

function detailOf(err: unknown): string | undefined {
  if (err === undefined) return undefined;
  if (err instanceof Error) {
    const status = (err as { status?: unknown }).status;
    const head = `${err.name}: ${err.message}${typeof status === 'number' ? ` (HTTP ${status})` : ''}`;
    const frames = err.stack?.split('\n').slice(1).join('\n');
    return (frames ? `${head}\n${frames}` : head).slice(0, DETAIL_MAX);
  }
  try {
    return (typeof err === 'string' ? err : JSON.stringify(err)).slice(0, DETAIL_MAX);
  } catch {
    return String(err).slice(0, DETAIL_MAX);
  }
}

/** Reports a failure the user is not (or not only) told about. Fire and forget. */
export function reportError(message: string, err?: unknown): void {
  // A request cancelled by leaving the page failed nothing (issue 38).
  if (err instanceof ApiError && err.code === ABORTED) return;
  if (err === undefined) console.error(message);
  else console.error(message, err);
  const detail = detailOf(err);
  api<void>(
    'POST',
    '/api/client-errors',
    {
      message: message.slice(0, MESSAGE_MAX),
      ...(detail ? { detail } : {}),
      page: window.location.pathname.slice(0, MESSAGE_MAX),
    },
    { keepSession: true },
  ).catch(() => undefined);
}
