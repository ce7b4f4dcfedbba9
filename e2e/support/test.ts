import { test as base } from '@playwright/test';
import { serverOf } from './servers.ts';

/**
 * Playwright's `test`, with each worker's pages and API calls sent to that worker's own server
 * (support/servers.ts). Every spec imports `test` and `expect` from here.
 */
export const test = base.extend({
  // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use, testInfo) => {
    await use(serverOf(testInfo.parallelIndex).url);
  },
});

export { expect } from '@playwright/test';
