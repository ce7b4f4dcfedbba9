import { beforeEach, describe, expect, it } from 'vitest';
import { resetPlannerStore, syncPlannerDataset, usePlannerStore } from './state.ts';

const state = () => usePlannerStore.getState();

describe('planner state (PLAN-02/03)', () => {
  beforeEach(() => resetPlannerStore(3));

  it('starts at MANAGE with the first pages', () => {
    expect(state()).toMatchObject({ step: 'manage', projectPage: 1, planPage: 1, currentProjectId: null });
  });

  it('walks the TBD-10 steps: a plan opens its review (with its problem dialog), a saved project opens at MANAGE', () => {
    state().setStep('area');
    state().openPlan(41);
    expect(state()).toMatchObject({ step: 'review', currentPlanId: 41, generatePopup: true });
    state().draftProject({ pipeIds: [1], area: null, proposalId: 7 });
    expect(state().step).toBe('save');
    state().projectSaved(9);
    expect(state()).toMatchObject({
      step: 'manage',
      currentProjectId: 9,
      draft: null,
      manageTab: 'projects',
    });
  });

  it('starts afresh on another dataset, not on the same one', () => {
    state().openProject(9);
    syncPlannerDataset(3);
    expect(state().currentProjectId).toBe(9);
    syncPlannerDataset(4);
    expect(state()).toMatchObject({ datasetId: 4, currentProjectId: null, step: 'manage' });
  });
});
