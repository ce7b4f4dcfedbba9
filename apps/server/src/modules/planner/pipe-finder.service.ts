// The pipe finder (spec 001 §3 'Pipe finder form', §7 'find-high-risk-pipes/{id}'; PLAN-FIND-01; docs/api-planner.md):
// the highest-risk pipes of an area, or of the whole dataset, until a share of their count or length, or a length,
// is covered. One query reads every candidate; the engine's selectHighRiskPipes picks (100k pipes well under 1 s).
import type { PipeFinderInput, PipeFinderResult } from '@pipewise/domain';
import { selectHighRiskPipes } from '@pipewise/engine';
import type { AuthUser, Deps } from '../../deps.ts';
import { analysedDataset, assertCriterion } from './planner-analysis.ts';
import { figuresOf, riskCandidates } from './planner-pipes.repository.ts';
import { clientRepairRates, inPlanner } from './planner-scope.ts';
import { assertArea } from './project-input.ts';
import { toItems } from './project-view.ts';

/**
 * Coverage is of the pipes in service that have a figure for the criterion; area_pipe_count and area_length_m
 * count every pipe in service in the area (what there was to choose from).
 */
export const findHighRiskPipes = (deps: Deps, me: AuthUser, datasetId: number, body: PipeFinderInput) =>
  inPlanner(deps, me, async (scope): Promise<PipeFinderResult> => {
    await analysedDataset(scope, datasetId);
    assertCriterion(scope, body.risk_criteria);
    const area = body.whole_snapshot ? null : (body.multipolygon ?? null);
    await assertArea(scope.tx, area, 'multipolygon');
    const all = await riskCandidates(scope.tx, { datasetId, criterion: body.risk_criteria, areaWkt: area });
    const candidates = all.id.flatMap((id, i) => {
      const risk = all.risk[i];
      return risk == null ? [] : [{ id, lengthM: all.len[i]!, risk }];
    });
    const ids = selectHighRiskPipes(candidates, body.coverage_type, body.coverage_amount);
    const items = toItems(
      await figuresOf(scope.tx, datasetId, ids),
      await clientRepairRates(scope.tx, me.clientId),
      scope.gates,
    );
    return {
      pipes: items,
      total_length_m: items.reduce((sum, i) => sum + i.length_m, 0),
      area_pipe_count: all.id.length,
      area_length_m: all.len.reduce((sum, l) => sum + l, 0),
    };
  });
