// The planner's own state (STYLE.md: a small Zustand store per feature). Spec 001 §2 lists the planner state as
// step, projects, jobPlanner, plan, proposals, pipesWithinProjectArea, currentProjectId, generatePopup and
// projectPages (PLAN-02). Server data stays in TanStack Query (projects, plans, proposals: api/*); this store holds
// the rest: the step (PLAN-03: MANAGE first), the selected scenario ('jobPlanner'), the plan in review and its
// chosen proposal, the pipe finder's answer ('pipesWithinProjectArea'), what the save step will make a project
// of, the plan-problem dialog ('generatePopup') and the list pages ('projectPages').
import { create } from 'zustand';
import type { PipeFinderResultView } from './api/types.ts';
import type { ScenarioSelection } from './lib/scenario-rules.ts';

/** TBD-10: manage → select area/pipes → generate plan → review proposals → save project. */
export const PLANNER_STEPS = ['manage', 'area', 'generate', 'review', 'save'] as const;
export type PlannerStep = (typeof PLANNER_STEPS)[number];

/** What the save step makes a project of: chosen pipes, or the drawn area; with a suggested name and budget. */
export interface ProjectDraft {
  pipeIds: readonly number[] | null;
  area: string | null;
  name?: string;
  budget?: number | null;
  /** A plan's proposal: saving accepts it (POST /proposals/{id}/project) with the form's fields. */
  proposalId?: number;
}

export type ManageTab = 'projects' | 'plans' | 'inspections' | 'portfolio';

/** A year of a renewal programme's scenario shown on the map (issue 39): its renewals get the halo. */
export interface ProgrammeYearShown {
  programmeId: number;
  scenario: number;
  year: number;
  /** 'Programme 1 – Flat' as the banner names it. */
  label: string;
}

export interface PlannerState {
  /** The dataset the rest belongs to: another one starts the planner afresh (syncPlannerDataset). */
  datasetId: number | null;
  step: PlannerStep;
  panelOpen: boolean;
  manageTab: ManageTab;
  scenario: ScenarioSelection;
  /** The selected planner scenario's dates: new projects take them (issue 36); null without a scenario. */
  scenarioDates: { startDate: string; endDate: string } | null;
  currentProjectId: number | null;
  currentPlanId: number | null;
  selectedProposalId: number | null;
  found: PipeFinderResultView | null;
  draft: ProjectDraft | null;
  generatePopup: boolean;
  projectPage: number;
  planPage: number;
  /** Bumped by a deletion: the project list starts afresh (hooks/use-project-list.ts). */
  projectListGeneration: number;
  programmeYear: ProgrammeYearShown | null;
  setStep: (step: PlannerStep) => void;
  setPanelOpen: (open: boolean) => void;
  setManageTab: (tab: ManageTab) => void;
  setScenario: (scenario: ScenarioSelection) => void;
  setScenarioDates: (dates: { startDate: string; endDate: string } | null) => void;
  openProject: (id: number | null) => void;
  openPlan: (id: number) => void;
  selectProposal: (id: number | null) => void;
  setFound: (found: PipeFinderResultView | null) => void;
  draftProject: (draft: ProjectDraft) => void;
  projectSaved: (id: number) => void;
  projectDeleted: () => void;
  setGeneratePopup: (open: boolean) => void;
  setProjectPage: (page: number) => void;
  setPlanPage: (page: number) => void;
  showProgrammeYear: (shown: ProgrammeYearShown | null) => void;
}

const initial = {
  datasetId: null as number | null,
  step: 'manage' as PlannerStep,
  panelOpen: true,
  manageTab: 'projects' as ManageTab,
  scenario: { selectedId: null, collapsed: false } as ScenarioSelection,
  scenarioDates: null as { startDate: string; endDate: string } | null,
  currentProjectId: null,
  currentPlanId: null,
  selectedProposalId: null,
  found: null,
  draft: null,
  generatePopup: false,
  projectPage: 1,
  planPage: 1,
  projectListGeneration: 0,
  programmeYear: null as ProgrammeYearShown | null,
};

export const usePlannerStore = create<PlannerState>()((set) => ({
  ...initial,
  setStep: (step) => set({ step }),
  setPanelOpen: (panelOpen) => set({ panelOpen }),
  setManageTab: (manageTab) => set({ manageTab }),
  setScenario: (scenario) => set({ scenario }),
  setScenarioDates: (scenarioDates) => set({ scenarioDates }),
  openProject: (currentProjectId) =>
    set({ currentProjectId, step: 'manage', manageTab: 'projects', selectedProposalId: null, found: null }),
  openPlan: (currentPlanId) =>
    set({ currentPlanId, selectedProposalId: null, step: 'review', generatePopup: true }),
  selectProposal: (selectedProposalId) => set({ selectedProposalId }),
  setFound: (found) => set({ found }),
  draftProject: (draft) => set({ draft, step: 'save' }),
  projectSaved: (id) =>
    set({
      currentProjectId: id,
      step: 'manage',
      manageTab: 'projects',
      draft: null,
      found: null,
      selectedProposalId: null,
      projectPage: 1,
    }),
  projectDeleted: () =>
    set((s) => ({ currentProjectId: null, projectListGeneration: s.projectListGeneration + 1 })),
  setGeneratePopup: (generatePopup) => set({ generatePopup }),
  setProjectPage: (projectPage) => set({ projectPage }),
  setPlanPage: (planPage) => set({ planPage }),
  // The planner shows it from its first step, with the panel open.
  showProgrammeYear: (programmeYear) =>
    set(
      programmeYear
        ? { programmeYear, step: 'manage', panelOpen: true, currentProjectId: null }
        : { programmeYear },
    ),
}));

/** Back to the start (dataset switch, tests). */
export function resetPlannerStore(datasetId: number | null = null): void {
  usePlannerStore.setState({ ...initial, datasetId });
}

/**
 * A dataset switch leaves the open project, plan and scenario behind (spec 000 §4: a switch resets the map's
 * stores). Checked where the planner shows, so the shell need not load the planner to reset it.
 */
export function syncPlannerDataset(datasetId: number): void {
  if (usePlannerStore.getState().datasetId !== datasetId) resetPlannerStore(datasetId);
}
