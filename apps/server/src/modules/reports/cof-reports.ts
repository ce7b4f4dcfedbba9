// SQL of the COF reports (001 §7 cof_*; §9 factor groups, cost codes, levels, 11 buckets). Money is pipe_results'
// cof_total and its factor groups (cof_factors), in the scenario's currency. A pipe counts when it has a COF
// (cof_total not null). One pass serves every category but the distribution (level-reports.ts), which needs the
// highest value first. Every factor is answered; Japan's hidden environmental row is left out when the answer is presented (report-summaries.ts).
import {
  COF_REPORT_FACTORS,
  RISK_LEVELS,
  type CofReportFactor,
  type CostCodeRow,
  type FactorByLevelRow,
  type FactorRow,
} from '@pipewise/domain';
import { COF_COST_CODE, COF_FACTOR_GROUPS, COF_GROUP_CODE } from '@pipewise/engine';
import { sql, type SQL } from 'drizzle-orm';
import { levelColumns, levelPass } from './level-reports.ts';
import { num, type ReportRun } from './report-context.ts';

/**
 * A 001 §9 factor group of the pipe: pipe_results.cof_factors, which the COF stage stores in COF_FACTOR_GROUPS order
 * (packages/engine cof/factor-groups.ts; the seven add up to cof_total). SQL arrays count from 1.
 */
const factor = (f: CofReportFactor) =>
  sql`COALESCE(pr.cof_factors[${sql.raw(String(COF_FACTOR_GROUPS.indexOf(f) + 1))}], 0)`;

/** 001 §9 cost codes, in the spec's order: direct 8192, indirect 16384, total 24576 (cof_total), custom 2048. */
const COST_CODES = [COF_COST_CODE.direct, COF_COST_CODE.indirect, COF_COST_CODE.total, COF_COST_CODE.custom];
/** A cost code's money: the sum of the factor groups that roll up into it (COF_GROUP_CODE). */
const codeSql = (code: number) =>
  COF_REPORT_FACTORS.filter((f) => COF_GROUP_CODE[f] === code)
    .map(factor)
    .reduce((a, b) => sql`${a} + ${b}`);

const sumOf = (v: SQL) => sql`COALESCE(sum(${v}), 0)::float8`;

/**
 * The COF pass: totals and the 5 levels of cof_level in one scan, with the factor sums the asked categories need
 * (only cof_average's codes and the factor categories read cof_factors).
 */
const cofPass = (run: ReportRun) =>
  run.once('cof', () => {
    const extras: Record<string, SQL> = {};
    if (run.wants('cof_average')) {
      for (const code of COST_CODES)
        if (code !== COF_COST_CODE.total) extras[`c${code}`] = sumOf(codeSql(code));
    }
    if (run.wants('cof_average_factors') || run.wants('cof_top_factors')) {
      for (const f of COF_REPORT_FACTORS) extras[f] = sumOf(factor(f));
    }
    return levelPass(run, sql`pr.cof_total`, sql`pr.cof_level`, extras);
  });

const mean = (total: number, pipes: number) => (pipes > 0 ? total / pipes : 0);

export async function cofAverage(run: ReportRun): Promise<CostCodeRow[]> {
  const { all } = await cofPass(run);
  const pipes = num(all['pipes']);
  return COST_CODES.map((code) => {
    const total = num(code === COF_COST_CODE.total ? all['total'] : all[`c${code}`]);
    return { code, average: mean(total, pipes), total };
  });
}

export async function cofTotalAverage(run: ReportRun) {
  const { all } = await cofPass(run);
  const pipes = num(all['pipes']);
  const total = num(all['total']);
  return { pipes, length_m: num(all['length_m']), average: mean(total, pipes), total };
}

export async function cofAverageFactors(run: ReportRun): Promise<FactorRow[]> {
  const { all } = await cofPass(run);
  const pipes = num(all['pipes']);
  const whole = num(all['total']);
  return COF_REPORT_FACTORS.map((factor) => {
    const total = num(all[factor]);
    return { factor, average: mean(total, pipes), total, share: whole > 0 ? total / whole : 0 };
  });
}

/** The 5 rank columns of cof_level (cof_top_average and cof_wide_distribution). */
export const cofLevelColumns = async (run: ReportRun) => levelColumns((await cofPass(run)).levels);

/** Per factor, its mean in each of the 5 levels (0 for an empty level). */
export async function cofTopFactors(run: ReportRun): Promise<FactorByLevelRow[]> {
  const { levels } = await cofPass(run);
  return COF_REPORT_FACTORS.map((factor) => ({
    factor,
    average_by_level: RISK_LEVELS.map((level) => {
      const r = levels.get(level);
      return mean(num(r?.[factor]), num(r?.['pipes']));
    }),
  }));
}
