// What every section builder needs: translations, the reader's formatters and the group labels.
import type { TFunction } from 'i18next';
import type { ReportFormat } from '../format.ts';
import type { Labels } from '../labels.ts';

export interface BuildContext {
  /** Bound to the `reports` namespace. */
  t: TFunction;
  fmt: ReportFormat;
  labels: Labels;
}

/** Column and axis titles with their unit, e.g. 'Length (mi)'. */
export function withUnit(ctx: BuildContext, label: string, unit: string): string {
  return ctx.t('labels.withUnit', { label, unit });
}

/** 'Within 12 months', the months in the reader's digits (ja: full width, 000 §9). */
export function withinMonths(ctx: BuildContext, months: number): string {
  return ctx.t('labels.withinMonths', { months: ctx.fmt.count(months) });
}
