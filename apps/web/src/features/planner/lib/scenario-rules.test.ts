import { describe, expect, it } from 'vitest';
import {
  clickScenario,
  datePatch,
  needsUnsavedPrompt,
  newScenarioDefaults,
  renamePatch,
} from './scenario-rules.ts';

describe('planner scenario rules', () => {
  it('PLAN-SCN-11/13: a new scenario is Job N (date), today to today + 7 days, in the user’s zone', () => {
    // 23:30 UTC on the 24th is already the 25th in Tokyo.
    const now = new Date('2026-11-24T23:30:00Z');
    expect(newScenarioDefaults(2, now, 'UTC')).toEqual({
      name: 'Job 3 (2026-11-24)',
      startDate: '2026-11-24',
      endDate: '2026-12-01',
    });
    expect(newScenarioDefaults(0, now, 'Asia/Tokyo')).toEqual({
      name: 'Job 1 (2026-11-25)',
      startDate: '2026-11-25',
      endDate: '2026-12-02',
    });
  });

  it('PLAN-SCN-05…07: a rename sends the trimmed name; an empty or unchanged one sends nothing', () => {
    expect(renamePatch('Job 1', '  Mains renewal  ')).toEqual({ name: 'Mains renewal' });
    expect(renamePatch('Job 1', '')).toBeNull();
    expect(renamePatch('Job 1', '   ')).toBeNull();
    expect(renamePatch('Job 1', ' Job 1 ')).toBeNull();
  });

  it('a date edit sends the changed field only, never a range ending before it starts (issue 36: said, not dropped)', () => {
    const scenario = { startDate: '2026-11-24', endDate: '2026-12-01' };
    expect(datePatch('endDate', '2026-12-08', scenario)).toEqual({ patch: { endDate: '2026-12-08' } });
    expect(datePatch('startDate', '2026-11-30', scenario)).toEqual({ patch: { startDate: '2026-11-30' } });
    // A start after the end keeps the scenario's 7 days: the end moves with it, and the caller says so.
    expect(datePatch('startDate', '2026-12-02', scenario)).toEqual({
      patch: { startDate: '2026-12-02', endDate: '2026-12-09' },
      movedEnd: '2026-12-09',
    });
    expect(datePatch('endDate', '2026-11-20', scenario)).toEqual({ error: 'endBeforeStart' });
    expect(datePatch('endDate', '2026-12-01', scenario)).toBeNull();
    expect(datePatch('endDate', '', scenario)).toBeNull();
  });

  it('PLAN-SCN-09: only leaving a selected scenario with unsaved changes asks first', () => {
    expect(needsUnsavedPrompt(1, 2, true)).toBe(true);
    expect(needsUnsavedPrompt(1, 2, false)).toBe(false);
    expect(needsUnsavedPrompt(null, 2, true)).toBe(false);
    expect(needsUnsavedPrompt(1, 1, true)).toBe(false);
  });

  it('PLAN-SCN-04: none → selected (filters load) → collapsed → unfolded; another one selects afresh', () => {
    const none = { selectedId: null, collapsed: false };
    const selected = clickScenario(none, 4);
    expect(selected).toEqual({ selectedId: 4, collapsed: false, load: true });
    const collapsed = clickScenario(selected, 4);
    expect(collapsed).toEqual({ selectedId: 4, collapsed: true, load: false });
    expect(clickScenario(collapsed, 4)).toEqual({ selectedId: 4, collapsed: false, load: false });
    expect(clickScenario(collapsed, 5)).toEqual({ selectedId: 5, collapsed: false, load: true });
  });
});
