import { describe, expect, it } from 'vitest';
import { PERMISSION_GROUP } from '../constants/index.ts';
import { ACTIONS, allowedActions, can } from './permissions.ts';

const user = (
  code: number | null,
  extra: { isStaff?: boolean; permissionGroupTypeCode2?: number[] } = {},
) => ({
  permissionGroupTypeCode: code,
  ...extra,
});

describe('can', () => {
  it('lets administrators and super administrators do everything', () => {
    expect(allowedActions(user(PERMISSION_GROUP.ADMINISTRATOR))).toEqual([...ACTIONS]);
    expect(allowedActions(user(PERMISSION_GROUP.SUPERADMIN))).toEqual([...ACTIONS]);
  });

  it('lets workers edit pipes, filters and the planner but not manage', () => {
    const worker = user(PERMISSION_GROUP.WORKER);
    expect(allowedActions(worker)).toEqual([
      'editPipes',
      'editFilters',
      'planJobs',
      'exportData',
      'viewReports',
      'viewMap',
    ]);
    expect(can(worker, 'manageUsers')).toBe(false);
    expect(can(worker, 'importData')).toBe(false);
  });

  it('keeps viewers and inspectors read-only', () => {
    const readOnly = ['exportData', 'viewReports', 'viewMap'];
    expect(allowedActions(user(PERMISSION_GROUP.VIEWER))).toEqual(readOnly);
    expect(allowedActions(user(PERMISSION_GROUP.INSPECTOR))).toEqual(readOnly);
    expect(allowedActions(user(PERMISSION_GROUP.VIEWER, { permissionGroupTypeCode2: [5] }))).toEqual(
      readOnly,
    );
  });

  it('gives the inspector secondary code no extra action rights over the primary group', () => {
    expect(can(user(PERMISSION_GROUP.WORKER, { permissionGroupTypeCode2: [5] }), 'editPipes')).toBe(true);
  });

  it('lets staff do everything and unknown users nothing', () => {
    expect(allowedActions(user(null, { isStaff: true }))).toEqual([...ACTIONS]);
    expect(allowedActions(user(null))).toEqual([]);
    expect(allowedActions(user(42))).toEqual([]);
  });
});
