import { afterEach, describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, reloadOnce } from './chunk-reload.ts';

describe('chunk reload (ERR-03)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('recognises failed dynamic imports in the main browsers', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new Error('Something else'))).toBe(false);
    expect(isChunkLoadError('string')).toBe(false);
  });

  it('reloads once, not again within the loop guard', () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload } as Location);
    sessionStorage.clear();
    expect(reloadOnce(sessionStorage, 100_000)).toBe(true);
    expect(reloadOnce(sessionStorage, 105_000)).toBe(false);
    expect(reloadOnce(sessionStorage, 120_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
