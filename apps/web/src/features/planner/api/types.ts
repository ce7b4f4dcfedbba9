// The planner's wire types as the web sees them (keys camelCased by the api client) and its query keys. Lengths
// stay in metres and costs in the project's currency: conversion happens at display (lib/units.ts, hooks).
import type {
  PageMeta,
  PipeFinderResult,
  Plan,
  PlannerScenario,
  Project,
  ProjectDefaults,
  ProjectDetail,
  ProjectGeometry,
  ProjectItem,
  Proposal,
  RepairCostUnit,
  StandardRepairCost,
} from '@pipewise/domain';
import type { Camelize } from '../../../lib/case.ts';

export type ScenarioView = Camelize<PlannerScenario>;
export type ProjectView = Camelize<Project>;
export type ProjectDetailView = Camelize<ProjectDetail>;
export type ProjectItemView = Camelize<ProjectItem>;
export type ProjectDefaultsView = Camelize<ProjectDefaults>;
export type ProjectGeometryView = Camelize<ProjectGeometry>;
export type PlanView = Camelize<Plan>;
export type ProposalView = Camelize<Proposal>;
export type PipeFinderResultView = Camelize<PipeFinderResult>;
export type PageMetaView = Camelize<PageMeta>;
export type RepairCostUnitView = Camelize<RepairCostUnit>;
export type RepairCosts = StandardRepairCost;

export interface Page<T> {
  items: T[];
  meta: PageMetaView;
}

export const plannerKeys = {
  scenarios: (snapshotId: number) => ['planner', 'scenarios', snapshotId] as const,
  scenarioFilters: (scenarioId: number) => ['planner', 'scenario-filters', scenarioId] as const,
  projects: (datasetId: number) => ['planner', 'projects', datasetId] as const,
  projectPage: (datasetId: number, page: number) => ['planner', 'projects', datasetId, 'page', page] as const,
  project: (id: number) => ['planner', 'project', id] as const,
  projectDefaults: (datasetId: number) => ['planner', 'project-defaults', datasetId] as const,
  geometry: (datasetId: number) => ['planner', 'projects', datasetId, 'geometry'] as const,
  plans: (datasetId: number) => ['planner', 'plans', datasetId] as const,
  planPage: (datasetId: number, page: number) => ['planner', 'plans', datasetId, 'page', page] as const,
  plan: (id: number) => ['planner', 'plan', id] as const,
  proposals: (planId: number) => ['planner', 'proposals', planId] as const,
};

/** `?dataset_id=…&page=…&per_page=5&sort[]=-id` (spec 001 §7: newest first, PLANNER_PAGE_SIZE). */
export function pageQuery(datasetId: number, page: number, perPage: number): string {
  const params = new URLSearchParams({
    dataset_id: String(datasetId),
    page: String(page),
    per_page: String(perPage),
  });
  params.append('sort[]', '-id');
  return params.toString();
}
