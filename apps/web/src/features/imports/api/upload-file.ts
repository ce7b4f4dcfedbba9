// POST /api/imports/uploads (multipart, field `file`) → Upload {id, file_name, size, format, layers}.
// XMLHttpRequest rather than the api client's fetch: only XHR reports upload progress, and files go up to 1 GB.
// It mirrors the client's rules: bearer token, CSRF header, camelCased answer, ApiError with the server's message.
import type { Upload as WireUpload } from '@pipewise/domain';
import { useMutation } from '@tanstack/react-query';
import { ApiError, CSRF_COOKIE, ensureCsrf } from '../../../lib/api-client.ts';
import type { Camelize } from '../../../lib/case.ts';
import { camelizeKeys } from '../../../lib/case.ts';
import { readCookie } from '../../../lib/cookies.ts';
import { logout, useSession } from '../../session/index.ts';

export type Upload = Camelize<WireUpload>;

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return {};
  }
}

function toError(status: number, text: string): ApiError {
  const body = camelizeKeys<{ message?: string; code?: string }>(parse(text));
  return new ApiError(body.message ?? 'Upload failed', status || 500, body.code);
}

/** One POST of the file: its status and body text, or a network failure. */
function send(file: File, onProgress?: (share: number) => void): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/imports/uploads');
    xhr.setRequestHeader('Accept', 'application/json');
    const token = useSession.getState().accessToken;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    const csrf = readCookie(CSRF_COOKIE);
    if (csrf) xhr.setRequestHeader('X-CSRF-Token', csrf);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new ApiError('Network error', 500));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/** Sends the file; `onProgress` gets 0–1 as bytes go up. */
export async function uploadFile(file: File, onProgress?: (share: number) => void): Promise<Upload> {
  await ensureCsrf();
  let res = await send(file, onProgress);
  // The api client's rule for a stale CSRF token (unsigned, or bound to another session: issue 37): renew it for
  // this session and send once more. The server refuses it before reading the file.
  if (res.status === 403 && toError(res.status, res.text).code === 'CSRF') {
    await ensureCsrf(true);
    res = await send(file, onProgress);
  }
  if (res.status >= 200 && res.status < 300) return camelizeKeys<Upload>(parse(res.text));
  // The api client's rule for an expired session (spec 000 §8), for the one call that bypasses it.
  if (res.status === 401) void logout({ redirect: window.location.pathname });
  throw toError(res.status, res.text);
}

export function useUploadFile(onProgress: (share: number) => void) {
  return useMutation({ mutationFn: (file: File) => uploadFile(file, onProgress) });
}
