// The one HTTP client of the web app (spec 000 §7, docs/api-accounts.md). Base URL is the current
// host; keys are converted here and only here (ACC-AUTH-06); authenticated calls carry the bearer
// token (ACC-AUTH-03) and state-changing calls the CSRF double-submit header (ACC-AUTH-04).
import { camelizeKeys, snakeizeKeys, toCamel } from './case.ts';
import { readCookie } from './cookies.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiFieldError {
  /** The offending field, camelCased like every other key the web sees (e.g. 'currentPassword'). */
  field: string;
  rule: string;
  /** An i18n key such as 'validations.email'. */
  message: string;
}

/** A pipe another active project holds (409 PIPE_BOOKED, issue 36). */
export interface ApiBookedPipe {
  pipeId: number;
  nativePipeId: string;
  projectId: number;
  projectName: string;
}

/** Every error the client throws: message and status (default 500, ERR-01). */
export class ApiError extends Error {
  status: number;
  code?: string;
  fields?: ApiFieldError[];
  /** PIPE_BOOKED: the pipes and the projects that hold them. */
  booked?: ApiBookedPipe[];

  constructor(message: string, status = 500, code?: string, fields?: ApiFieldError[]) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    if (code !== undefined) this.code = code;
    if (fields !== undefined) this.fields = fields;
  }
}

export interface ApiOptions {
  /** Send the bearer token and apply the 401/403 logout rule. Default true. */
  auth?: boolean;
  /** With auth: send the token but never log out on 401/403 (a call no session depends on). Default false. */
  keepSession?: boolean;
}

/** Hooks the session feature installs, so this module does not import features (STYLE.md). */
export interface AuthHandlers {
  getAccessToken: () => string | null;
  /** Called on 401/403 of an authenticated call (except on the change-password page). */
  onUnauthorized: () => void;
}

let handlers: AuthHandlers = { getAccessToken: () => null, onUnauthorized: () => undefined };

export function setAuthHandlers(next: AuthHandlers): void {
  handlers = next;
}

export const CSRF_COOKIE = 'pw_csrf';
/** ACC-AUTH-11: a wrong current password (401/403) must not log the user out there. */
const NO_LOGOUT_PATHS = ['/user/changePassword'];
/**
 * 403s that refuse one action but say nothing about the session: a read-only demo account
 * (TBD-05) should see a message, not be logged out by the spec's 401/403 rule.
 */
const KEEPS_SESSION = ['DEMO_READ_ONLY'];

/** The GET /api/csrf under way, and the access token it was sent with (calls for the same session share it). */
let csrfPending: { token: string | null; done: Promise<void> } | null = null;

/**
 * GET /api/csrf makes the server set the `pw_csrf` cookie; called at start-up, when it is missing, after sign-in
 * (`force`) and before the one retry of a `403 CSRF`. The server signs the token and binds it to the session of
 * the bearer sent with this call (issue 37), so the bearer goes with it whenever there is a session.
 */
export function ensureCsrf(force = false): Promise<void> {
  if (!force && readCookie(CSRF_COOKIE)) return Promise.resolve();
  const token = handlers.getAccessToken();
  if (csrfPending?.token === token) return csrfPending.done;
  const ask = () =>
    fetch('/api/csrf', {
      credentials: 'same-origin',
      ...(token && { headers: { Authorization: `Bearer ${token}` } }),
    });
  // One asked for another session (or none) is still under way: this one goes after it, so its cookie is the last.
  const asked = csrfPending ? csrfPending.done.catch(() => undefined).then(ask) : ask();
  const pending = {
    token,
    done: asked
      .then(() => undefined)
      .finally(() => {
        if (csrfPending === pending) csrfPending = null;
      }),
  };
  csrfPending = pending;
  return pending.done;
}

async function readJson(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function toApiError(res: Response, payload: unknown): ApiError {
  const body = camelizeKeys<
    Partial<{ message: string; code: string; fields: ApiFieldError[]; booked: ApiBookedPipe[] }>
  >(payload && typeof payload === 'object' ? payload : {});
  const fields = body.fields?.map((f) => ({ ...f, field: toCamel(f.field) }));
  const error = new ApiError(
    body.message ?? (res.statusText || 'Request failed'),
    res.status || 500,
    body.code,
    fields,
  );
  if (body.booked) error.booked = body.booked;
  return error;
}

async function send(
  method: HttpMethod,
  path: string,
  body: unknown,
  auth: boolean,
  accept = 'application/json',
): Promise<Response> {
  const headers: Record<string, string> = { Accept: accept };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = auth ? handlers.getAccessToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (method !== 'GET') {
    await ensureCsrf();
    const csrf = readCookie(CSRF_COOKIE);
    if (csrf) headers['X-CSRF-Token'] = csrf;
  }
  return fetch(path, {
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? undefined : JSON.stringify(snakeizeKeys(body)),
  });
}

/** The page is being left (a reload, a link out): the browser cancels its requests, which is nobody's error. */
let leaving = false;
if (typeof window !== 'undefined') {
  window.addEventListener('beforeunload', () => (leaving = true));
  window.addEventListener('pagehide', () => (leaving = true));
  window.addEventListener('pageshow', () => (leaving = false));
}
export const ABORTED = 'ABORTED';

/**
 * A request that got no answer. Cancelled (an AbortError, or the page going away) is status 0 code ABORTED, which
 * the error report leaves out (issue 38: a request aborted by navigation was logged as an HTTP 500); any other
 * failure to reach the server is a 500, as ERR-01 reads it.
 */
function networkError(err: unknown): ApiError {
  // A DOMException is not an Error in every realm (jsdom): read its name.
  const aborted =
    leaving || (typeof err === 'object' && err !== null && 'name' in err && err.name === 'AbortError');
  if (aborted) return new ApiError('The request was cancelled.', 0, ABORTED);
  return new ApiError(err instanceof Error ? err.message : 'Network error', 500);
}

/**
 * Call the API. `path` starts with '/api/'. The body's keys are snake_cased, the response's
 * camelCased. Throws ApiError (network failures become status 500).
 */
export async function api<T>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  opts?: ApiOptions,
): Promise<T> {
  const auth = opts?.auth ?? true;
  let res: Response;
  try {
    res = await send(method, path, body, auth);
    // A stale CSRF cookie (cleared, unsigned, or bound to another session) is not an auth problem: renew it once,
    // for this session (ensureCsrf sends the bearer).
    if (res.status === 403 && method !== 'GET') {
      const payload = await readJson(res.clone());
      if (toApiError(res, payload).code === 'CSRF') {
        await ensureCsrf(true);
        res = await send(method, path, body, auth);
      }
    }
  } catch (err) {
    throw networkError(err);
  }
  const payload = await readJson(res);
  if (res.ok) return camelizeKeys<T>(payload);
  throw failure(res, payload, auth && !opts?.keepSession);
}

/** The error of a failed call, after applying the 401/403 logout rule. */
function failure(res: Response, payload: unknown, auth: boolean): ApiError {
  const error = toApiError(res, payload);
  if (
    auth &&
    (res.status === 401 || res.status === 403) &&
    !KEEPS_SESSION.includes(error.code ?? '') &&
    !NO_LOGOUT_PATHS.includes(window.location.pathname)
  ) {
    handlers.onUnauthorized();
  }
  return error;
}

/** The file name of a `Content-Disposition: attachment; filename="…"` header, if any. */
export function attachmentName(header: string | null): string | null {
  const match = header?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/**
 * GET a file (a CSV or GeoJSON download, an image) as a Blob, with the bearer token a plain link cannot carry.
 * Errors as {@link api}.
 */
export async function apiBlob(path: string): Promise<{ blob: Blob; filename: string | null }> {
  let res: Response;
  try {
    res = await send('GET', path, undefined, true, '*/*');
  } catch (err) {
    throw networkError(err);
  }
  if (!res.ok) throw failure(res, await readJson(res), true);
  return { blob: await res.blob(), filename: attachmentName(res.headers.get('Content-Disposition')) };
}
