import { describe, expect, it } from 'vitest';
import { PERMISSION_GROUP, ROLE } from '../constants/index.ts';
import { hasRole, isInspector, isStaff, roleRank } from './role.ts';

const { ADMINISTRATOR, WORKER, VIEWER, SUPERADMIN, INSPECTOR } = PERMISSION_GROUP;

describe('hasRole', () => {
  it('passes when the user value is at most the required value', () => {
    expect(hasRole(ADMINISTRATOR, WORKER)).toBe(true);
    expect(hasRole(WORKER, WORKER)).toBe(true);
    expect(hasRole(VIEWER, WORKER)).toBe(false);
    expect(hasRole(WORKER, ADMINISTRATOR)).toBe(false);
    expect(hasRole(VIEWER, ROLE.viewOnly)).toBe(true);
  });

  it('lets a super administrator pass every check like an administrator', () => {
    for (const required of [ADMINISTRATOR, WORKER, VIEWER, SUPERADMIN, INSPECTOR] as const) {
      expect(hasRole(SUPERADMIN, required)).toBe(true);
    }
  });

  it('ranks an inspector primary group like a viewer', () => {
    expect(hasRole(INSPECTOR, VIEWER)).toBe(true);
    expect(hasRole(INSPECTOR, WORKER)).toBe(false);
    expect(hasRole(INSPECTOR, ADMINISTRATOR)).toBe(false);
    expect(roleRank(INSPECTOR)).toBe(roleRank(VIEWER));
  });

  it('fails closed for unknown or missing codes', () => {
    expect(hasRole(0, VIEWER)).toBe(false);
    expect(hasRole(9, VIEWER)).toBe(false);
    expect(hasRole(null, VIEWER)).toBe(false);
    expect(hasRole(undefined, VIEWER)).toBe(false);
    expect(roleRank(6)).toBeUndefined();
  });
});

describe('isInspector', () => {
  it('looks for the inspector code in the second group codes', () => {
    expect(isInspector({ permissionGroupTypeCode2: [3, 5] })).toBe(true);
    expect(isInspector({ permissionGroupTypeCode2: [1, 3] })).toBe(false);
    expect(isInspector({ permissionGroupTypeCode2: [] })).toBe(false);
    expect(isInspector({ permissionGroupTypeCode2: null })).toBe(false);
    expect(isInspector({})).toBe(false);
  });
  it('accepts a single code', () => {
    expect(isInspector({ permissionGroupTypeCode2: 5 })).toBe(true);
    expect(isInspector({ permissionGroupTypeCode2: 3 })).toBe(false);
  });
});

describe('isStaff', () => {
  it('is true only for isStaff true', () => {
    expect(isStaff({ isStaff: true })).toBe(true);
    expect(isStaff({ isStaff: false })).toBe(false);
    expect(isStaff({ isStaff: null })).toBe(false);
    expect(isStaff({})).toBe(false);
  });
});
