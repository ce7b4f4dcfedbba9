// What a failed planner call tells the user: a read-only demo account, a refused right, a missing record, no pipes
// for a project, a pipe booked by another active project, a conflict (a proposal accepted already; for plans and the pipe finder, an analysis that has not
// completed — docs/api-planner.md), or that it did not work.
import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client.ts';

export function errorText(
  t: TFunction,
  err: unknown,
  conflict: 'conflict' | 'noAnalysis' = 'conflict',
): string {
  if (!(err instanceof ApiError)) return t('planner:errors.generic');
  if (err.code === 'DEMO_READ_ONLY') return t('planner:errors.readOnly');
  if (err.fields?.some((f) => f.field === 'pipeIds')) return t('planner:errors.noPipes');
  // Issue 36: a pipe of the request is in another active project (the list itself is BookedPipesAlert's).
  if (err.code === 'PIPE_BOOKED') {
    return err.booked?.length ? t('planner:errors.booked') : t('planner:booked.raced');
  }
  switch (err.status) {
    case 409:
      return t(`planner:errors.${conflict}`);
    case 403:
      return t('planner:errors.forbidden');
    case 404:
      return t('planner:errors.notFound');
    case 400:
    case 422:
      return t('planner:errors.invalid');
    default:
      return t('planner:errors.generic');
  }
}
