// The pipe finder (spec 001 §3 'Pipe finder form', §7 'find-high-risk-pipes/{id}'; PLAN-FIND-01; docs/api-planner.md):
// the highest-risk pipes of an area, or of the whole dataset, until a share of their count or length, or a length,
// is covered. One query reads every candidate; the engine's selectHighRiskPipes picks (100k pipes well under 1 s).
import type { PipeFinderInput, PipeFinderResult } from '@pipewise/domain';
import { selectHighRiskPipes } from '@pipewise/engine';
import type { AuthUser, Deps } from '../../deps.ts';
import { bookedInDataset } from './bookings.ts';
import { analysedDataset, assertCriterion } from './planner-analysis.ts';
import { figuresOf, riskCandidates } from './planner-pipes.repository.ts';
import { datasetRepairRates, inPlanner } from './planner-scope.ts';
import { assertArea } from './project-input.ts';
import { toItems } from './project-view.ts';

/**
 * Coverage is of the pipes in service that have a figure for the criterion and are free to book: pipes an active
 * project holds are left out (issue 36) and counted in booked_left_out, unless include_booked asks for them, which
 * then come marked with their project. area_pipe_count and area_length_m count every pipe in service in the area.
 */
export const findHighRiskPipes = (deps: Deps, me: AuthUser, datasetId: number, body: PipeFinderInput) =>
  inPlanner(deps, me, async (scope): Promise<PipeFinderResult> => {
    await analysedDataset(scope, datasetId);
    assertCriterion(scope, body.risk_criteria);
    const area = body.whole_snapshot ? null : (body.multipolygon ?? null);
    await assertArea(scope.tx, area, 'multipolygon');
    const all = await riskCandidates(scope.tx, { datasetId, criterion: body.risk_criteria, areaWkt: area });
    const booked = await bookedInDataset(scope.tx, datasetId);
    const include = body.include_booked ?? false;
    let leftOut = 0;
    const candidates = all.id.flatMap((id, i) => {
      const risk = all.risk[i];
      if (risk == null) return [];
      if (!include && booked.has(id)) {
        leftOut++;
        return [];
      }
      return [{ id, lengthM: all.len[i]!, risk }];
    });
    const ids = selectHighRiskPipes(candidates, body.coverage_type, body.coverage_amount);
    const items = toItems(
      await figuresOf(scope.tx, datasetId, ids),
      await datasetRepairRates(scope.tx, datasetId),
      scope.gates,
    ).map((item) => {
      const b = booked.get(item.pipe_id);
      return b ? { ...item, booked_by: { project_id: b.project_id, project_name: b.project_name } } : item;
    });
    return {
      booked_left_out: leftOut,
      pipes: items,
      total_length_m: items.reduce((sum, i) => sum + i.length_m, 0),
      area_pipe_count: all.id.length,
      area_length_m: all.len.reduce((sum, l) => sum + l, 0),
    };
  });
