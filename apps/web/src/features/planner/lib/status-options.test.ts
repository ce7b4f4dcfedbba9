import { describe, expect, it } from 'vitest';
import { isProjectInspector, statusOptions, type StatusUser } from './status-options.ts';

const user = (code: number, extra: Partial<StatusUser> = {}): StatusUser => ({
  id: 10,
  email: 'me@example.com',
  isDemo: false,
  permissionGroupTypeCode: code,
  permissionGroupTypeCode2: [],
  isStaff: false,
  ...extra,
});
const project = (status: number, inspector: { inspectorId?: number | null } = {}) => ({
  status,
  inspectorId: null,
  ...inspector,
});

describe('project status options (TBD-14)', () => {
  it('offers a worker the transitions out of the current state', () => {
    expect(statusOptions(user(2), project(0))).toEqual(['inspecting', 'delayed']);
    expect(statusOptions(user(2), project(1))).toEqual(['finished', 'inProgress']);
    expect(statusOptions(user(2), project(3))).toEqual(['inProgress']);
  });

  it('lets only an administrator reopen a closed project', () => {
    expect(statusOptions(user(2), project(4))).toEqual([]);
    expect(statusOptions(user(1), project(4))).toEqual(['inProgress']);
  });

  it('offers viewers and demo accounts nothing; the assigned inspector only the inspection’s outcome', () => {
    expect(statusOptions(user(3), project(0))).toEqual([]);
    expect(statusOptions(user(1, { isDemo: true }), project(0))).toEqual([]);
    const inspector = user(3, { permissionGroupTypeCode2: [5] });
    expect(statusOptions(inspector, project(1, { inspectorId: 10 }))).toEqual(['finished', 'inProgress']);
    expect(statusOptions(inspector, project(0, { inspectorId: 10 }))).toEqual([]);
    expect(statusOptions(inspector, project(1, { inspectorId: 11 }))).toEqual([]);
  });

  it('knows the inspector by the project’s inspector id only, as the server does', () => {
    expect(isProjectInspector(user(3), project(1, { inspectorId: 10 }))).toBe(true);
    expect(isProjectInspector(user(3), project(1, { inspectorId: null }))).toBe(false);
  });
});
