// The planner scenario rules of the filter pane (spec 000 §4/§5/§9, 001 §2/§5; PLAN-SCN-04…13): the defaults of a
// new scenario, what a rename or a date edit sends, and when switching scenario must ask about unsaved filters.
import { defaultPlannerDates, defaultScenarioName } from '@pipewise/domain';
import type { ScenarioPatch } from '../api/update-planner-scenario.ts';

export interface NewScenario {
  name: string;
  startDate: string;
  endDate: string;
}

/** PLAN-SCN-11/13: 'Job N (date)' with N = count + 1; start today, end today + 7 days, in the user's time zone. */
export function newScenarioDefaults(count: number, now: Date, timeZone?: string): NewScenario {
  const dates = defaultPlannerDates(now, timeZone);
  return {
    name: defaultScenarioName(count, dates.start_date),
    startDate: dates.start_date,
    endDate: dates.end_date,
  };
}

/** PLAN-SCN-05…07: the PATCH of a rename, or null when nothing is to be sent (empty, or the same name). */
export function renamePatch(current: string, draft: string): { name: string } | null {
  const name = draft.trim();
  if (name === '' || name === current) return null;
  return { name };
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const DAY_MS = 86_400_000;
const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

export type DateEdit = { patch: ScenarioPatch; movedEnd?: string } | { error: 'endBeforeStart' } | null;

/**
 * A date edit sends the changed field only. Issue 36: a start typed after the end is kept and moves the end with
 * it (the scenario keeps its length; the caller says so), where it used to be dropped without a word; an end
 * typed before the start is refused with a reason the field shows.
 */
export function datePatch(
  field: 'startDate' | 'endDate',
  value: string,
  scenario: { startDate: string; endDate: string },
): DateEdit {
  if (!ISO_DATE.test(value) || value === scenario[field]) return null;
  if (field === 'endDate')
    return value < scenario.startDate ? { error: 'endBeforeStart' } : { patch: { endDate: value } };
  if (value <= scenario.endDate) return { patch: { startDate: value } };
  const movedEnd = addDays(value, Math.max(1, daysBetween(scenario.startDate, scenario.endDate)));
  return { patch: { startDate: value, endDate: movedEnd }, movedEnd };
}

/** PLAN-SCN-09: leaving the selected scenario with unsaved filter changes asks Save or Discard first. */
export function needsUnsavedPrompt(
  currentId: number | null,
  nextId: number | null,
  unsaved: boolean,
): boolean {
  return unsaved && currentId !== null && nextId !== currentId;
}

export interface ScenarioSelection {
  selectedId: number | null;
  collapsed: boolean;
}

/**
 * PLAN-SCN-04 lifecycle: none selected → selected (its filters load) → collapsed. Clicking the selected scenario
 * folds or unfolds it (its filters stay); clicking another selects that one, unfolded.
 */
export function clickScenario(state: ScenarioSelection, id: number): ScenarioSelection & { load: boolean } {
  if (state.selectedId === id) return { selectedId: id, collapsed: !state.collapsed, load: false };
  return { selectedId: id, collapsed: false, load: true };
}
