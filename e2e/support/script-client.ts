import { expect, type Page } from '@playwright/test';
import { Shell } from './shell.ts';

/** An import job as GET /api/imports/{id} answers it. */
export interface ImportItem {
  id: number;
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  message: string | null;
  dataset_id: number | null;
}

/**
 * A script's view of the server: Node's fetch with only the token's bearer header — no cookie, no CSRF token, as
 * curl or Python `requests` would call it.
 */
export function scriptClient(baseURL: string, token: string) {
  return async (method: string, path: string, body?: FormData | object) => {
    const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
    let payload: FormData | string | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    return fetch(new URL(path, baseURL), { method, headers, body: payload });
  };
}

export type ScriptCall = ReturnType<typeof scriptClient>;

/** The answer's JSON, failing with its body when it is not a success. */
export async function ok<T>(answer: Response): Promise<T> {
  const text = await answer.text();
  expect(answer.ok, `${answer.url} answered ${answer.status}: ${text}`).toBe(true);
  return JSON.parse(text) as T;
}

/** Settings → API tokens → a new token with `read` and the given scopes; its secret, shown once. */
export async function createTokenInSettings(
  page: Page,
  name: string,
  scopes: readonly string[],
): Promise<string> {
  await new Shell(page).openSettings();
  const section = page.getByTestId('settings-api-tokens');
  await section.getByTestId('api-token-new').click();
  const dialog = page.getByTestId('api-token-dialog');
  await dialog.getByTestId('api-token-name').fill(name);
  for (const scope of scopes) await dialog.getByTestId(`api-token-scope-${scope}`).check();
  await dialog.getByTestId('api-token-create').click();
  const secret = dialog.getByTestId('api-token-secret').locator('input');
  await expect(secret).toHaveValue(/^pwt_/);
  const token = await secret.inputValue();
  await dialog.getByTestId('api-token-done').click();
  await expect(dialog).toBeHidden();
  return token;
}

/**
 * The "script an import" sequence of docs/api-tokens.md: upload a GeoJSON of pipes, validate (writes nothing),
 * commit as a new network or a new version of one, and wait for the import job (polled once a second, generous for a
 * busy machine). Returns the finished job.
 */
export async function scriptImportPipes(
  call: ScriptCall,
  geojson: string,
  target: { new_group_name: string },
): Promise<ImportItem> {
  const file = new FormData();
  file.append('file', new Blob([geojson], { type: 'application/geo+json' }), 'pipes.geojson');
  const uploaded = await call('POST', '/api/imports/uploads', file);
  // A bearer-only call is handed no CSRF cookie (docs/api-tokens.md "CSRF").
  expect(uploaded.headers.get('set-cookie')).toBeNull();
  const upload = await ok<{ id: string }>(uploaded);
  const options = {
    layer: 'pipes',
    type: 'assets',
    asset_layer: 'pipes',
    mapping: { nativeId: 'id', diameter: 'diameter_mm', installYear: 'year' },
    answers: { diameter_unit: 'mm' },
    target,
  };
  const report = await ok<{ can_import: boolean; blocking: unknown }>(
    await call('POST', `/api/imports/uploads/${upload.id}/validate`, options),
  );
  expect(report.can_import, JSON.stringify(report.blocking)).toBe(true);
  let item = await ok<ImportItem>(await call('POST', `/api/imports/uploads/${upload.id}/commit`, options));
  await expect
    .poll(
      async () => {
        item = await ok<ImportItem>(await call('GET', `/api/imports/${item.id}`));
        return item.status;
      },
      { timeout: 180_000, intervals: [1000] },
    )
    .toMatch(/^(succeeded|failed)$/);
  expect(item.status, item.message ?? '').toBe('succeeded');
  return item;
}

/** `count` mains along a street of Louisville, as a GIS of record would serve them (ids P-1, P-2, …). */
export function louisvilleMains(count: number): string {
  return JSON.stringify({
    type: 'FeatureCollection',
    features: Array.from({ length: count }, (_, i) => ({
      type: 'Feature',
      properties: { id: `P-${i + 1}`, diameter_mm: 150 + 50 * i, year: 1960 + 10 * i },
      geometry: {
        type: 'LineString',
        coordinates: [
          [-85.7 + 0.001 * i, 38.2],
          [-85.7 + 0.001 * (i + 1), 38.2],
        ],
      },
    })),
  });
}
