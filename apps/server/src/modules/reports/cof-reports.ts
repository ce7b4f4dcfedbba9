// SQL of the COF reports (001 §7 cof_*; §9 factor groups, cost codes, levels, 11 buckets). Money is pipe_results'
// cof_total and its `cof` breakdown (packages/engine cof/model.ts CofDetails, keys of pipeline/cof-stage.ts
// COF_DETAIL_KEYS), in the scenario's currency. A pipe counts when it has a COF (cof_total not null). One pass
// serves every category but the distribution (level-reports.ts), which needs the highest value first.
import {
  COF_REPORT_FACTORS,
  RISK_LEVELS,
  type CofReportFactor,
  type CostCodeRow,
  type FactorByLevelRow,
  type FactorRow,
} from '@pipewise/domain';
import { COF_COST_CODE } from '@pipewise/engine';
import { sql, type SQL } from 'drizzle-orm';
import { levelColumns, levelPass } from './level-reports.ts';
import { num, type ReportRun } from './report-context.ts';

/**
 * One key of the breakdown, read as numeric: parsing the JSON number's text to numeric is ~3× faster than to float8
 * on PGlite (strtod in WebAssembly) and no slower on PostgreSQL; the sums go back to float8 at the end.
 */
const part = (key: string) => sql`COALESCE((pr.cof ->> ${key})::numeric, 0)`;

/**
 * 001 §9 factor groups over the engine's breakdown: directStandard is the repair itself, standard or on an
 * intense road (only one of the two is non-zero for a pipe); environmental is the engine's `environment`. The seven
 * add up to cof_total (direct = repair + property damage, indirect = no water + traffic + facilities + environment).
 */
const FACTOR_SQL: Record<CofReportFactor, SQL> = {
  directStandard: sql`(${part('standardRepair')} + ${part('intenseRepair')})`,
  propertyDamage: part('propertyDamage'),
  criticalFacilities: part('criticalFacilities'),
  trafficDisruption: part('trafficDisruption'),
  environmental: part('environment'),
  noWater: part('noWater'),
  custom: part('custom'),
};

/** 001 §9 cost codes, in the spec's order: direct 8192, indirect 16384, total 24576 (cof_total), custom 2048. */
const COST_CODES = [
  [COF_COST_CODE.direct, 'direct'],
  [COF_COST_CODE.indirect, 'indirect'],
  [COF_COST_CODE.total, null],
  [COF_COST_CODE.custom, 'custom'],
] as const;

/**
 * 001 §6: Japan clients (but client 47) do not see the environmental factor, so its row is left out. Its money is
 * still in cof_total, the cost codes' indirect and every total and share: the cost exists, the row is hidden.
 */
const visibleFactors = (run: ReportRun) =>
  COF_REPORT_FACTORS.filter((f) => !(run.ctx.hidesEnvironment && f === 'environmental'));

const sumOf = (v: SQL) => sql`COALESCE(sum(${v}), 0)::float8`;

/**
 * The COF pass: totals and the 5 levels of cof_level in one scan, with the breakdown sums the asked categories
 * need. Reading the `cof` jsonb is most of a pass's cost, so its keys are read only for cof_average (codes) and the
 * factor categories.
 */
const cofPass = (run: ReportRun) =>
  run.once('cof', () => {
    const extras: Record<string, SQL> = {};
    if (run.wants('cof_average')) {
      for (const [code, key] of COST_CODES) if (key !== null) extras[`c${code}`] = sumOf(part(key));
    }
    if (run.wants('cof_average_factors') || run.wants('cof_top_factors')) {
      for (const f of COF_REPORT_FACTORS) extras[f] = sumOf(FACTOR_SQL[f]);
    }
    return levelPass(run, sql`pr.cof_total`, sql`pr.cof_level`, extras);
  });

const mean = (total: number, pipes: number) => (pipes > 0 ? total / pipes : 0);

export async function cofAverage(run: ReportRun): Promise<CostCodeRow[]> {
  const { all } = await cofPass(run);
  const pipes = num(all['pipes']);
  return COST_CODES.map(([code, key]) => {
    const total = num(key === null ? all['total'] : all[`c${code}`]);
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
  return visibleFactors(run).map((factor) => {
    const total = num(all[factor]);
    return { factor, average: mean(total, pipes), total, share: whole > 0 ? total / whole : 0 };
  });
}

/** The 5 rank columns of cof_level (cof_top_average and cof_wide_distribution). */
export const cofLevelColumns = async (run: ReportRun) => levelColumns((await cofPass(run)).levels);

/** Per factor, its mean in each of the 5 levels (0 for an empty level). */
export async function cofTopFactors(run: ReportRun): Promise<FactorByLevelRow[]> {
  const { levels } = await cofPass(run);
  return visibleFactors(run).map((factor) => ({
    factor,
    average_by_level: RISK_LEVELS.map((level) => {
      const r = levels.get(level);
      return mean(num(r?.[factor]), num(r?.['pipes']));
    }),
  }));
}
