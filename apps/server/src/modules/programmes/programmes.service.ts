// Renewal programmes (issue 39; docs/api-programmes.md): queue one (202, the 'programme' job runs it), list, read,
// delete, read the mains a scenario renews in a year, and turn a scenario's first year into planner projects
// through the same one-active-project rule as every project (409 PIPE_BOOKED names the mains another holds).
import {
  defaultPlannerDates,
  PROGRAMME_LIMITS,
  yearlyBudgets,
  type ProjectDetail,
  type programmeInputSchema,
} from '@pipewise/domain';
import type { z } from 'zod';
import { sql } from 'drizzle-orm';
import type { AuthUser, Deps } from '../../deps.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { analysedDataset } from '../planner/planner-analysis.ts';
import { assertCanPlan, inPlanner, timeZoneOf } from '../planner/planner-scope.ts';
import { insertProject } from '../planner/projects.service.ts';
import { costModelOf } from './programme-costs.ts';
import { sendProgramme } from './programme.job.ts';
import { toApiProgramme, toApiProgrammeSummary } from './programme-view.ts';
import * as repo from './programmes.repository.ts';

const programmeNotFound = () => notFound('Programme not found.');

/** The request after validation (defaults applied). */
export type ProgrammeBody = z.output<typeof programmeInputSchema>;

/**
 * The served analysis' scoring year, null when it has no likelihood of failure to age. Stored as a decimal year
 * (2023.99 = the end of 2023, the last break or the analysis' instant): the nearest whole year.
 */
async function scoringYear(tx: Parameters<typeof costModelOf>[0], datasetId: number): Promise<number | null> {
  const r = await tx.execute(sql`SELECT round((a.lof_scoring->>'asOfYear')::numeric)::int AS y
    FROM datasets d JOIN analyses a ON a.id = d.analysis_id WHERE d.id = ${datasetId}`);
  const y = r.rows[0]?.['y'];
  return y == null ? null : Number(y);
}

export async function createProgramme(deps: Deps, me: AuthUser, body: ProgrammeBody) {
  assertCanPlan(me);
  const programme = await inPlanner(deps, me, async (scope) => {
    const { tx } = scope;
    if (!scope.gates.lof) throw forbidden('A renewal programme needs the LOF subscription.');
    const dataset = await analysedDataset(scope, body.dataset_id);
    const asOf = await scoringYear(tx, dataset.id);
    if (asOf === null)
      throw new AppError(
        409,
        'CONFLICT',
        'This dataset has no likelihood of failure to project: its analysis found no break history to learn from.',
      );
    const latest = asOf + PROGRAMME_LIMITS.startYearsAhead;
    if (body.start_year < asOf || body.start_year > latest)
      throw new AppError(400, 'VALIDATION', `The first year must be between ${asOf} and ${latest}.`, [
        { field: 'start_year', rule: 'range', message: `between ${asOf} and ${latest}` },
      ]);
    const costs = await costModelOf(tx, dataset.id);
    const count = (await repo.listOfDataset(tx, dataset.id)).length;
    const id = await repo.insert(tx, {
      clientId: me.clientId,
      datasetId: dataset.id,
      analysisId: dataset.analysis.id,
      name:
        body.name ??
        `Programme ${count + 1} (${body.start_year}–${body.start_year + body.horizon_years - 1})`,
      startYear: body.start_year,
      horizonYears: body.horizon_years,
      strategy: body.strategy,
      scenarios: body.scenarios.map((s) => ({
        name: s.name,
        yearly_budget: yearlyBudgets(s, body.horizon_years),
      })),
      currency: costs.currency,
      cofScenarioId: costs.cofScenarioId,
      cofScenarioName: costs.cofScenarioName,
      createdBy: me.id,
    });
    return toApiProgramme((await repo.find(tx, id))!);
  });
  await sendProgramme(deps.jobs, { programmeId: programme.id, clientId: me.clientId });
  return programme;
}

export const listProgrammes = (deps: Deps, me: AuthUser, datasetId: number) =>
  inPlanner(deps, me, async (scope) => {
    await analysedDataset(scope, datasetId).catch((err: unknown) => {
      // A dataset not analysed yet simply has no programmes.
      if (err instanceof AppError && err.statusCode === 409) return null;
      throw err;
    });
    return { programmes: (await repo.listOfDataset(scope.tx, datasetId)).map(toApiProgrammeSummary) };
  });

export const getProgramme = (deps: Deps, me: AuthUser, id: number) =>
  inPlanner(deps, me, async ({ tx }) => {
    const row = await repo.find(tx, id);
    if (!row) throw programmeNotFound();
    return toApiProgramme(row);
  });

export function deleteProgramme(deps: Deps, me: AuthUser, id: number): Promise<void> {
  assertCanPlan(me);
  return inPlanner(deps, me, async ({ tx }) => {
    if (!(await repo.remove(tx, id))) throw programmeNotFound();
  });
}

async function doneProgramme(tx: Parameters<typeof repo.find>[0], id: number, scenario: number) {
  const row = await repo.find(tx, id);
  if (!row) throw programmeNotFound();
  if (row.state !== 'done') throw new AppError(409, 'CONFLICT', 'The programme has not finished yet.');
  if (scenario >= row.scenarios.length) throw notFound('No such scenario in this programme.');
  return row;
}

export const programmeRenewals = (deps: Deps, me: AuthUser, id: number, scenario: number, year: number) =>
  inPlanner(deps, me, async ({ tx }) => {
    const row = await doneProgramme(tx, id, scenario);
    const index = year - row.startYear;
    if (index < 0 || index >= row.horizonYears) throw notFound('No such year in this programme.');
    const pipes = await repo.renewalsOf(tx, id, scenario, index);
    return { scenario, year, pipes: pipes.map((p) => ({ pipe_id: p.pipeId, project: p.project })) };
  });

/**
 * The first year of a scenario as planner projects, one per project of that year (its mains), named after the
 * programme and scenario, dated today to a week later, costed with the programme's rates. All or none: a main an
 * active project took since the programme ran is a 409 naming it.
 */
export function firstYearProjects(
  deps: Deps,
  me: AuthUser,
  id: number,
  scenario: number,
): Promise<{ projects: ProjectDetail[] }> {
  assertCanPlan(me);
  return inPlanner(deps, me, async (scope) => {
    const { tx } = scope;
    const row = await doneProgramme(tx, id, scenario);
    const renewals = await repo.renewalsOf(tx, id, scenario, 0);
    if (renewals.length === 0)
      throw new AppError(
        409,
        'CONFLICT',
        'The first year of this scenario renews no main: there is nothing to plan.',
      );
    const costs = await costModelOf(tx, row.datasetId);
    const dates = defaultPlannerDates(new Date(), await timeZoneOf(tx, me.id));
    const groups = new Map<number, number[]>();
    for (const r of renewals) groups.set(r.project, [...(groups.get(r.project) ?? []), r.pipeId]);
    const scenarioName = row.scenarios[scenario]!.name;
    const projects: ProjectDetail[] = [];
    for (const [k, pipeIds] of groups) {
      projects.push(
        await insertProject(scope, {
          datasetId: row.datasetId,
          fields: {
            name: `${row.name} – ${scenarioName} – ${row.startYear} #${k + 1}`,
            start_date: dates.start_date,
            end_date: dates.end_date,
          },
          pipeIds,
          rates: {
            rates: costs.rates,
            unit: { currency: costs.currency as 'USD', per_length_unit: costs.perLengthUnit },
          },
          whenBooked: 'Run the programme again: another project has taken these mains since it ran.',
        }),
      );
    }
    return { projects };
  });
}
