import { expect, type Page } from '@playwright/test';
import { RUNNING_ANALYSIS_STAGES } from '@pipewise/domain';

/** GET an API path with the browser's session, as the page would ask it. */
export async function apiGet<T>(page: Page, path: string): Promise<T> {
  const session = await page.evaluate(() => localStorage.getItem('pipewise_session'));
  const token = (JSON.parse(session ?? '{}') as { state?: { accessToken?: string } }).state?.accessToken;
  const res = await page.request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  if (!res.ok()) throw new Error(`GET ${path} answered ${res.status()}`);
  return (await res.json()) as T;
}

/**
 * Waits until no current dataset has an analysis queued or under way. A re-run keeps its dataset served (status
 * COMPLETE), so the map alone does not tell; the status list does (docs/api-analysis.md).
 */
export async function waitForNoAnalysisUnderway(page: Page) {
  await expect
    .poll(
      async () =>
        (await apiGet<{ analysis_stage: string | null }[]>(page, '/api/datasets/status')).filter((d) =>
          (RUNNING_ANALYSIS_STAGES as readonly (string | null)[]).includes(d.analysis_stage),
        ).length,
      { timeout: 240_000, intervals: [1000] },
    )
    .toBe(0);
}
