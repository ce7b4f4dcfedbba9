// The sentences that name what an action changes (issue 38: "Merge" ran at once with 0 of 10 verified, and a restore
// of the wrong attribute did nothing, silently): the merge question with its counts per attribute, and the question
// and report of each bulk action. Pure, so the wording is unit-tested without rendering.
import type { TFunction } from 'i18next';
import type { SamplingTest } from './api.ts';
import { COLUMNS, type Column } from './columns.ts';
import type { BulkAction } from './components/BulkEditBar.tsx';

/** The order the merge question names the attributes in: install year first, the one most often imputed. */
const MERGE_ORDER = ['installYear', 'diameter', 'materialTypeCode'] as const;

const label = (t: TFunction, column: Column) => t(column.labelKey, { ns: 'details' });

/** "Merge 12 imputed values (Install year: 10, Diameter: 1, Material: 1) into the network?" */
export function mergeQuestion(t: TFunction, test: SamplingTest): string {
  const preview = test.mergePreview;
  const details = MERGE_ORDER.map((row) =>
    t('merge.detail', {
      ns: 'virtualpipes',
      attribute: label(
        t,
        COLUMNS.find((c) => c.row === row)!,
      ),
      count: preview[row],
    }),
  ).join(', ');
  const count = MERGE_ORDER.reduce((sum, row) => sum + preview[row], 0);
  return t('merge.question', { ns: 'virtualpipes', count, details });
}

/** "3 of the sample are not verified." or that every sampled pipe is. */
export function unverifiedSentence(t: TFunction, test: SamplingTest): string {
  const unverified = test.sample?.unverified ?? 0;
  return unverified > 0
    ? t('merge.unverified', { ns: 'virtualpipes', count: unverified, size: test.sample?.size ?? 0 })
    : t('merge.allVerified', { ns: 'virtualpipes' });
}

/** The question before a bulk action, naming the attribute, the value and how many pipes. */
export function bulkQuestion(t: TFunction, action: BulkAction): string {
  return t(`confirmAction.${action.kind}`, {
    ns: 'virtualpipes',
    attribute: label(t, action.column),
    value: action.text ?? '',
    count: action.pipeIds.length,
  });
}

/** What a bulk action changed, or that it changed nothing. */
export function bulkReport(t: TFunction, action: BulkAction, changed: number): string {
  const values = { ns: 'virtualpipes', attribute: label(t, action.column), total: action.pipeIds.length };
  if (changed === 0) return t(`nothing.${action.kind}`, { ...values, count: action.pipeIds.length });
  return t(`done.${action.kind}`, { ...values, count: changed });
}
