// Planner rules shared by the server (which enforces them) and the web (which offers only what is allowed).
// Spec 001 §3–§5, §9; CHECKLIST PLAN-*, TBD-13, TBD-14.
import { PROJECT_STATES } from '../constants/codes.ts';
import { toIsoDate } from '../format/date.ts';
import { can, type PermissionUser } from '../roles/permissions.ts';

export type ProjectState = (typeof PROJECT_STATES)[number];

/** CHECKLIST PLAN-PRJ-02 (ambiguous 'status default 0'): the code is the state's index, so 0 = inProgress, a new project's state. */
export const projectStateCode = (state: ProjectState): number => PROJECT_STATES.indexOf(state);
export const projectStateOf = (code: number): ProjectState | undefined => PROJECT_STATES[code];

/**
 * TBD-14 (transitions not shown in the spec): work runs inProgress → inspecting → finished → closed; a project can
 * be delayed and resumed (inProgress ↔ delayed); an inspection can send work back (inspecting → inProgress) and a
 * finished project can be re-inspected (finished → inspecting). Closed is final except that an administrator may
 * reopen it (closed → inProgress), the one correction a utility needs when a project was closed by mistake.
 */
export const PROJECT_TRANSITIONS: Readonly<Record<ProjectState, readonly ProjectState[]>> = {
  inProgress: ['inspecting', 'delayed'],
  delayed: ['inProgress'],
  inspecting: ['finished', 'inProgress'],
  finished: ['closed', 'inspecting'],
  closed: ['inProgress'],
};

/**
 * Who may change a project's state (TBD-04, TBD-14): whoever may plan jobs (administrators, workers, staff) any
 * allowed transition, except that only administrators and staff reopen a closed project; the project's assigned
 * inspector only the inspection's outcome (inspecting → finished, or back to inProgress); nobody else. Demo
 * accounts are refused before this (read-only, TBD-05).
 */
export function canChangeProjectState(
  user: PermissionUser,
  isProjectInspector: boolean,
  from: ProjectState,
  to: ProjectState,
): boolean {
  if (from === to) return true;
  if (!PROJECT_TRANSITIONS[from].includes(to)) return false;
  if (from === 'closed') return can(user, 'manageClient');
  if (can(user, 'planJobs')) return true;
  return isProjectInspector && from === 'inspecting';
}

/** PLAN-SCN-13: start today, end today + 7 days, as YYYY-MM-DD in the user's time zone. */
export function defaultPlannerDates(now: Date, timeZone?: string): { start_date: string; end_date: string } {
  const week = new Date(now.getTime() + 7 * 86_400_000);
  return { start_date: toIsoDate(now, timeZone) ?? '', end_date: toIsoDate(week, timeZone) ?? '' };
}

/** PLAN-SCN-11: 'Job N (date)' with N = the number of scenarios + 1 and the date as YYYY-MM-DD. */
export const defaultScenarioName = (count: number, isoDate: string): string =>
  `Job ${count + 1} (${isoDate})`;

/** PLAN-PRJ-09: 100 × (1 − Π(1 − lof12)); null when no pipe has a LOF (the app says it does not know). */
export function projectWideLof(lof12s: readonly (number | null | undefined)[]): number | null {
  let survive = 1;
  let known = 0;
  for (const lof of lof12s) {
    if (lof === null || lof === undefined || !Number.isFinite(lof)) continue;
    survive *= 1 - Math.min(1, Math.max(0, lof));
    known++;
  }
  return known === 0 ? null : 100 * (1 - survive);
}

/**
 * PLAN-AUTO-02: default project length bounds by the user's length unit. The spec says 500 and 1000 "in the user's
 * length unit"; read literally a metric user starts at 500–1000 m, 3.3 times a US user's 500–1000 ft (152–305 m),
 * which the issue 36 trial found too long for a town's renewal runs. Reading: the same size in either system, so
 * 500/1000 ft and 150/300 m (rounded to what an engineer types).
 */
export const AUTO_PLANNER_LENGTH_DEFAULTS = {
  ft: { min: 500, max: 1000 },
  m: { min: 150, max: 300 },
} as const;

/** CHECKLIST PLAN-AUTO-04 (conflict lof / bre) — reading: LOF, which every analysed dataset has; BRE also needs the COF and BRE subscriptions. */
export const DEFAULT_RISK_CRITERION = 'lof' as const;

/** Spec 001 §9: planner lists show 5 per page. */
export const PLANNER_PAGE_SIZE = 5;
