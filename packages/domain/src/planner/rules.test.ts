import { describe, expect, it } from 'vitest';
import {
  PROJECT_TRANSITIONS,
  canChangeProjectState,
  defaultPlannerDates,
  defaultScenarioName,
  projectStateCode,
  projectWideLof,
} from './rules.ts';

const admin = { permissionGroupTypeCode: 1 };
const worker = { permissionGroupTypeCode: 2 };
const viewer = { permissionGroupTypeCode: 3 };
const inspector = { permissionGroupTypeCode: 2, permissionGroupTypeCode2: [5] };
const viewerInspector = { permissionGroupTypeCode: 3, permissionGroupTypeCode2: [5] };

describe('planner rules', () => {
  it('PLAN-PRJ-09: project-wide LOF is 100 × (1 − Π(1 − lof12)), ignoring unknown values', () => {
    expect(projectWideLof([0.1, 0.2])).toBeCloseTo(100 * (1 - 0.9 * 0.8), 10);
    expect(projectWideLof([0.5, null, undefined, Number.NaN])).toBeCloseTo(50, 10);
    expect(projectWideLof([])).toBeNull();
    expect(projectWideLof([null])).toBeNull();
  });

  it('PLAN-SCN-11/13: Job N (date), start today and end a week later', () => {
    const now = new Date('2026-11-24T10:00:00Z');
    const dates = defaultPlannerDates(now, 'UTC');
    expect(dates).toEqual({ start_date: '2026-11-24', end_date: '2026-12-01' });
    expect(defaultScenarioName(2, dates.start_date)).toBe('Job 3 (2026-11-24)');
  });

  it('PLAN-PRJ-02: status 0 is inProgress', () => {
    expect(projectStateCode('inProgress')).toBe(0);
    expect(projectStateCode('closed')).toBe(4);
  });

  it('TBD-14: only listed transitions, by role', () => {
    expect(canChangeProjectState(worker, false, 'inProgress', 'inspecting')).toBe(true);
    expect(canChangeProjectState(worker, false, 'inProgress', 'finished')).toBe(false);
    expect(canChangeProjectState(worker, false, 'closed', 'inProgress')).toBe(false);
    expect(canChangeProjectState(admin, false, 'closed', 'inProgress')).toBe(true);
    expect(canChangeProjectState(viewer, false, 'inProgress', 'delayed')).toBe(false);
    // An assigned inspector decides the inspection only, even when their primary group is viewer.
    expect(canChangeProjectState(viewerInspector, true, 'inspecting', 'finished')).toBe(true);
    expect(canChangeProjectState(viewerInspector, true, 'inspecting', 'inProgress')).toBe(true);
    expect(canChangeProjectState(viewerInspector, true, 'inProgress', 'inspecting')).toBe(false);
    expect(canChangeProjectState(viewerInspector, false, 'inspecting', 'finished')).toBe(false);
    expect(canChangeProjectState(inspector, false, 'inProgress', 'inspecting')).toBe(true);
    // Every state can be left, and every state is reachable from inProgress.
    for (const targets of Object.values(PROJECT_TRANSITIONS)) expect(targets.length).toBeGreaterThan(0);
  });
});
