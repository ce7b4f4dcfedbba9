import type { Page } from '@playwright/test';
import { apiGet } from './session-api.ts';

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
    return (await apiGet<{ client_entities: unknown[] }>(this.page, '/api/admin/clients')).client_entities;
  }
}
