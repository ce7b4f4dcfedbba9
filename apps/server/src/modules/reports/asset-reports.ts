// The asset reports (001 §7: length_by_* and breaks_by_*): pipes, metres and breaks per group of the served pipes,
// read from the group pass (group-pass.ts: one scan for all of them).
import type { ASSET_REPORT_CATEGORIES, GroupRow } from '@pipewise/domain';
import { GROUPING_OF, groupsOf } from './group-pass.ts';
import { GROUPINGS } from './groupings.ts';
import { num, type ReportRun } from './report-context.ts';

type AssetCategory = (typeof ASSET_REPORT_CATEGORIES)[number];

const DAYS_PER_YEAR = 365.25;

/**
 * Breaks per 100 km per year: breaks ÷ (km ÷ 100) ÷ years of record. Null when no rate can be told: no length, or a
 * record shorter than two distinct break dates (a single day is no period to divide by).
 */
export function breaksPer100KmYear(
  breaks: number,
  lengthM: number,
  recordDays: number | null,
): number | null {
  if (recordDays === null || recordDays <= 0 || lengthM <= 0) return null;
  return breaks / (lengthM / 1000 / 100) / (recordDays / DAYS_PER_YEAR);
}

/**
 * One row per group. Breaks are pipes.break_count, the matched breaks of each pipe as kept by the network writers
 * (refreshSummary counts the breaks layer): a break nobody could place on a pipe belongs to no group. The record
 * period is the dataset's whole break layer, earliest to latest date, matched or not: it is how long the utility
 * has been recording, whichever pipe each break was put on.
 */
export async function groupReport(run: ReportRun, category: AssetCategory): Promise<GroupRow[]> {
  const { rows, recordDays } = await groupsOf(run, category);
  const grouping = GROUPINGS[GROUPING_OF[category]];
  const withBreaks = category.startsWith('breaks_');
  return rows.map((r) => {
    const breaks = num(r['breaks']);
    const lengthM = num(r['length_m']);
    return {
      key: grouping.key(r['k']),
      pipes: num(r['pipes']),
      length_m: lengthM,
      breaks: withBreaks ? breaks : null,
      breaks_per_100km_year: withBreaks ? breaksPer100KmYear(breaks, lengthM, recordDays) : null,
    };
  });
}
