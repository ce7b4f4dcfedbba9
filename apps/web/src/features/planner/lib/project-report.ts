// A project's facts and totals as label/value pairs, for the detail view and the printout alike: dates, budget,
// manager, inspector; pipe count, length, repair cost (with the pipes it leaves out), project-wide LOF
// (PLAN-PRJ-09) and total risk.
import type { TFunction } from 'i18next';
import type { ProjectDetailView } from '../api/types.ts';
import type { PlannerFormat } from '../hooks/use-planner-format.ts';
import { stateName } from './status-options.ts';

export type Pairs = (readonly [string, string])[];

const person = (name: string | null, email: string | null) =>
  [name, email ? `<${email}>` : null].filter(Boolean).join(' ');

export function projectFacts(project: ProjectDetailView, fmt: PlannerFormat, t: TFunction): Pairs {
  const currency = project.repairCostUnit.currency;
  const facts: Pairs = [
    [t('planner:project.status'), t(`planner:status.${stateName(project.status)}`)],
    [
      t('planner:project.dates'),
      t('planner:scenarios.range', { start: fmt.day(project.startDate), end: fmt.day(project.endDate) }),
    ],
    [t('planner:project.budget'), project.budget === null ? fmt.na : fmt.money(project.budget, currency)],
  ];
  const manager = person(project.managerName, project.managerEmail);
  const inspector = person(project.inspectorName, project.inspectorEmail);
  if (manager) facts.push([t('planner:project.manager'), manager]);
  if (inspector) facts.push([t('planner:project.inspector'), inspector]);
  if (project.description) facts.push([t('planner:project.description'), project.description]);
  return facts;
}

/** Long totals in km or mi, short ones in m or ft. */
export const totalLength = (fmt: PlannerFormat, metres: number) =>
  metres >= 1000 ? fmt.lengthLarge(metres) : fmt.length(metres);

export function projectTotals(project: ProjectDetailView, fmt: PlannerFormat, t: TFunction): Pairs {
  const currency = project.repairCostUnit.currency;
  const cost = fmt.money(project.totalCost, currency);
  return [
    [t('planner:totals.pipes'), fmt.number(project.pipeCount)],
    [t('planner:totals.length'), totalLength(fmt, project.totalLengthM)],
    [
      t('planner:totals.cost'),
      project.uncostedPipes > 0
        ? t('planner:totals.costUncosted', { cost, count: project.uncostedPipes })
        : cost,
    ],
    [t('planner:totals.lof'), fmt.percent(project.projectLof)],
    [t('planner:totals.risk'), fmt.money(project.totalRisk12, currency)],
  ];
}

/** The cost is above the budget (when there is one). */
export const overBudget = (project: Pick<ProjectDetailView, 'budget' | 'totalCost'>) =>
  project.budget !== null && project.totalCost > project.budget;
