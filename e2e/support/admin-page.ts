import type { Page } from '@playwright/test';

/** /admin: the staff tools (client organisations, outbox). */
export class AdminPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/admin');
  }

  clientRows() {
    return this.page.locator('[data-testid^="admin-client-"]');
  }

  staffOnlyNote() {
    return this.page.getByTestId('admin-staff-only');
  }

  /** GET /api/admin/clients with the browser's session, as the page would ask. */
  async clientListFromApi(): Promise<unknown[]> {
    const session = await this.page.evaluate(() => localStorage.getItem('pipewise_session'));
    const token = (JSON.parse(session ?? '{}') as { state?: { accessToken?: string } }).state?.accessToken;
    const res = await this.page.request.get('/api/admin/clients', {
      headers: { Authorization: `Bearer ${token}` },
    });
    if (!res.ok()) throw new Error(`GET /api/admin/clients answered ${res.status()}`);
    return ((await res.json()) as { client_entities: unknown[] }).client_entities;
  }
}
