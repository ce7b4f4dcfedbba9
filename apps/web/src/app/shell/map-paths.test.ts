import { describe, expect, it } from 'vitest';
import { isMapPath } from './map-paths.ts';

describe('isMapPath', () => {
  it('is the map and the planner with their views, not the renewal programme (issue 39)', () => {
    expect(isMapPath('/map')).toBe(true);
    expect(isMapPath('/planner/lof')).toBe(true);
    expect(isMapPath('/planner')).toBe(true);
    expect(isMapPath('/planner/programme')).toBe(false);
    expect(isMapPath('/reports/asset')).toBe(false);
  });
});
