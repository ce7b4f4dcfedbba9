// What the planner shows on the map (for the route to hand to the map adapter): every project's area and the
// proposals of the plan in review as shapes, and a halo under the pipes in focus (found pipes, the chosen proposal,
// or the open project's — PLAN-LIST-05: only when there are any); on the portfolio tab, every project's pipes by
// status instead.
import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useProjectGeometry } from '../api/get-project-geometry.ts';
import { useProposals } from '../api/get-proposals.ts';
import { haloPipes, plannerShapes, portfolioGroups } from '../lib/map-shapes.ts';
import { usePlannerStore } from '../state.ts';
import { usePlan } from '../api/get-plan.ts';
import { useProgrammeRenewals } from '../api/programmes.ts';

export function usePlannerMap(datasetId: number, enabled: boolean) {
  const state = usePlannerStore(
    useShallow((s) => ({
      step: s.step,
      currentPlanId: s.currentPlanId,
      currentProjectId: s.currentProjectId,
      selectedProposalId: s.selectedProposalId,
      found: s.found,
      draft: s.draft,
      manageTab: s.manageTab,
      programmeYear: s.programmeYear,
    })),
  );
  const geometry = useProjectGeometry(datasetId, enabled);
  const planId = enabled && state.step === 'review' ? state.currentPlanId : null;
  const plan = usePlan(planId, datasetId);
  const proposals = useProposals(planId, plan.data?.state === 'done');
  const shownProposals = planId !== null ? proposals.data : undefined;

  const shapes = useMemo(
    () =>
      enabled
        ? plannerShapes({
            projects: geometry.data,
            proposals: shownProposals,
            selectedProjectId: state.currentProjectId,
            selectedProposalId: state.selectedProposalId,
          })
        : null,
    [enabled, geometry.data, shownProposals, state.currentProjectId, state.selectedProposalId],
  );

  const projectPipeIds =
    geometry.data?.find((p) => p.id === state.currentProjectId && state.step === 'manage')?.pipeIds ?? null;
  const proposal = shownProposals?.find((p) => p.id === state.selectedProposalId) ?? null;
  const foundIds = useMemo(
    () =>
      state.step === 'area' || state.step === 'save'
        ? (state.found?.pipes.map((p) => p.pipeId) ?? null)
        : null,
    [state.found, state.step],
  );
  const draftIds = state.step === 'save' ? (state.draft?.pipeIds ?? null) : null;
  // Issue 39: a programme year opened on the map marks the mains it renews.
  const renewals = useProgrammeRenewals(enabled ? state.programmeYear : null);
  const programmePipeIds = useMemo(
    () => (state.programmeYear ? (renewals.data?.pipes.map((p) => p.pipeId) ?? null) : null),
    [state.programmeYear, renewals.data],
  );
  const halo = useMemo(
    () =>
      enabled
        ? haloPipes({ foundPipeIds: draftIds ?? foundIds, proposal, projectPipeIds, programmePipeIds })
        : null,
    [enabled, draftIds, foundIds, proposal, projectPipeIds, programmePipeIds],
  );
  // The portfolio tab shows every project's pipes at once, coloured by status (issue 36).
  const portfolio = enabled && state.step === 'manage' && state.manageTab === 'portfolio';
  const portfolioPipes = useMemo(
    () => (portfolio ? portfolioGroups(geometry.data ?? []) : null),
    [portfolio, geometry.data],
  );
  return { shapes, haloPipeIds: portfolio ? null : halo, portfolioPipes };
}
