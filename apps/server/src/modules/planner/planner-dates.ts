// Date rules of the planner (spec 001 §5; CHECKLIST PLAN-SCN-13, TBD-13). Dates travel as YYYY-MM-DD, which
// compare correctly as strings.
import { defaultPlannerDates } from '@pipewise/domain';
import { fieldError } from '../../lib/errors.ts';

/** A week after the given day (the spec's default span), for a start date sent without an end date. */
export const weekAfter = (isoDate: string): string =>
  defaultPlannerDates(new Date(`${isoDate}T12:00:00Z`), 'UTC').end_date;

/** Scenarios: the end may be the start day (a one-day job). */
export function assertEndNotBefore(start: string, end: string): void {
  if (end < start) {
    throw fieldError('VALIDATION', 'end_date must not be before start_date.', 'end_date', 'after');
  }
}

/** Projects (TBD-13 'after'): the end date must be after the start date. */
export function assertEndAfter(start: string, end: string): void {
  if (end <= start) {
    throw fieldError('VALIDATION', 'end_date must be after start_date.', 'end_date', 'after');
  }
}
